// The audit re-derives statuses from transcripts alone and catches a hand-edited report.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, tempOut } from "../cli/cli-helpers.ts";

async function realRun(): Promise<string> {
  const out = tempOut();
  const result = await cli([
    "run",
    "--impl",
    "reference,reference-subprocess",
    "--suite",
    "upstream-bundle-id,upstream-auth-error,explicit-id",
    "--out",
    out,
  ]);
  expect(result.exitCode).toBe(0);
  return join(out, readdirSync(out).find((d) => d !== "latest")!, "report.json");
}

describe("smcp-conformance audit", async () => {
  const path = await realRun();
  const original = readFileSync(path, "utf8");

  it("passes on a real run", async () => {
    const result = await cli(["audit", path]);
    expect(result.stdout).toMatch(/^audit: \d+ cases re-derived from their transcripts; the summary agrees$/m);
    expect(result.exitCode).toBe(0);
  });

  it("fails on a hand-edited summary", async () => {
    const report = JSON.parse(original);
    report.summary.overall.pass += 1;
    report.summary.overall.fail -= 1;
    const edited = path.replace("report.json", "edited-summary.json");
    writeFileSync(edited, JSON.stringify(report));
    const result = await cli(["audit", edited]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/summary\/overall\/pass: recounted \d+, the report says \d+/);
  });

  it("fails when a case's status does not follow from its transcript", async () => {
    const report = JSON.parse(original);
    const c = report.cases.find(
      (x: { status: string; implementation: string; transcript: { response: string | null } }) =>
        x.status === "pass" && x.implementation === "reference-subprocess" && x.transcript.response?.includes('"accepted":true'),
    );
    c.transcript.response = c.transcript.response.replace('"accepted":true', '"accepted":false');
    const edited = path.replace("report.json", "edited-transcript.json");
    writeFileSync(edited, JSON.stringify(report));
    const result = await cli(["audit", edited]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`${c.vector_id}: the transcript gives fail, the report says pass`);
  });

  it("fails on hand-edited facts (verdict agreement is re-derived from the transcripts)", async () => {
    const report = JSON.parse(original);
    report.facts.verdict_agreement.reference.reason_agree -= 1;
    const edited = path.replace("report.json", "edited-facts.json");
    writeFileSync(edited, JSON.stringify(report));
    const result = await cli(["audit", edited]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/facts\/verdict_agreement\/reference\/reason_agree: re-derived \d+, the report says \d+/);
  });

  it("exits 2 on a file that is not a report", async () => {
    const result = await cli(["audit", "/nonexistent/report.json"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/cannot read report/);
  });
});
