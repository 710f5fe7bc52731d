// The JUnit documents validate against the common JUnit schema (Jenkins xunit junit-10.xsd) with
// xmllint; .ci/run installs Debian's libxml2-utils, elsewhere this test is skipped.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { junitSchema } from "../../harness/bootstrap/junit-schema.ts";
import type { CaseRecord, Report } from "../../harness/model/report.ts";
import { renderJUnit } from "../../harness/report/junit.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const XMLLINT = existsSync("/usr/bin/xmllint");

describe.runIf(XMLLINT)("JUnit output against the common JUnit schema", () => {
  it("validates for passing, failing, unsupported and observed cases of a real run", async () => {
    const wrong = GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: explicit-id/extra/wrong<&>").replace(
      "accepted: true, reason: null",
      "accepted: false, reason: bundle_id.dot",
    );
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${wrong.replace("wrong<&>", "wrong")}`) });
    const out = tempOut();
    await cli([
      "run",
      "--impl",
      "reference,reference-subprocess",
      "--vectors",
      extra,
      "--suite",
      "explicit-id,upstream-auth-error,render",
      "--out",
      out,
    ]);
    const files = readdirSync(join(out, "latest")).filter((f) => f.startsWith("junit-"));
    expect(files).toEqual(["junit-reference-subprocess.xml", "junit-reference.xml"]);
    const xsd = await junitSchema();
    for (const file of files) {
      const result = await execa("xmllint", ["--noout", "--schema", xsd, join(out, "latest", file)], { reject: false });
      expect(result.stderr).toContain("validates");
      expect(result.exitCode).toBe(0);
    }
  }, 120_000);

  it("validates for known gaps, stale gaps and faults too", async () => {
    const base = {
      suite: "s",
      op: "o",
      tier: "must",
      implementation: "x",
      diffs: [],
      duration_ms: 1234.5678,
      attempts: 1,
      content_hash: "h",
      result: { kind: "ok", output: {} },
    };
    const cases = [
      {
        ...base,
        vector_id: "s/a/gap",
        status: "known_gap",
        raw_status: "fail",
        gap: { id: "s/a/gap", status: "fail", reason: "quirk <&>" },
        transcript: { request: "{}", response: "{}" },
      },
      {
        ...base,
        vector_id: "s/a/stale",
        status: "stale",
        raw_status: "pass",
        gap: { id: "s/a/stale", status: "fail", reason: "fixed" },
        transcript: { request: "{}", response: "{}" },
      },
      {
        ...base,
        vector_id: "s/a/crash",
        status: "crash",
        raw_status: "crash",
        note: "adapter ended",
        transcript: { request: "{}", response: null, fault: { kind: "crash", detail: "exit 3" } },
      },
    ] as unknown as CaseRecord[];
    const file = join(tempOut(), "junit.xml");
    writeFileSync(file, renderJUnit({ started_at: "2026-11-29T00:00:00.000Z", cases } as unknown as Report, "x"));
    const result = await execa("xmllint", ["--noout", "--schema", await junitSchema(), file], { reject: false });
    expect(result.exitCode).toBe(0);
  });
});
