// The audit catches every edit a report could hide behind (issue 20, item 7). Each tamper below
// also recomputes the summary, facts and verdict, as a careful forger would, so only the check
// named in the test can catch it.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import type { ParsedReport, Report } from "../../harness/model/report.ts";
import { withDerived } from "../../harness/model/report-builder.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const WRONG = GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: explicit-id/extra/wrong").replace(
  "accepted: true, reason: null",
  "accepted: false, reason: bundle_id.dot",
);

async function realRun(): Promise<string> {
  const out = tempOut();
  const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${WRONG}`) });
  const result = await cli(["run", "--impl", "reference,reference-subprocess", "--suite", "explicit-id", "--vectors", extra, "--out", out]);
  expect(result.exitCode).toBe(1); // the wrong vector fails on both
  return join(out, readdirSync(out).find((d) => d !== "latest")!, "report.json");
}

type Mutable = { -readonly [K in keyof Report]: any };

describe("audit catches a tampered report", async () => {
  const path = await realRun();
  const original = readFileSync(path, "utf8");

  /** Applies an edit, re-derives summary, facts and verdict, and audits the result (in-process; the CLI reads it the same way). */
  async function audit(name: string, edit: (r: Mutable) => void) {
    const report = JSON.parse(original) as Mutable;
    edit(report);
    const { summary: _s, facts: _f, verdict: _v, ...rest } = report;
    const forged = { ...withDerived(rest as Report), ...(report.coverage ? { coverage: report.coverage } : {}) };
    const file = path.replace("report.json", `${name}.json`);
    writeFileSync(file, JSON.stringify(forged));
    const { problems } = auditReport(JSON.parse(readFileSync(file, "utf8")));
    return { exitCode: problems.length > 0 ? 1 : 0, stdout: problems.join("\n") };
  }

  const subprocessPass = (r: Mutable) =>
    r.cases.find((c: any) => c.implementation === "reference-subprocess" && c.status === "pass" && c.result.output?.accepted === true);
  const wrongCase = (r: Mutable, impl = "reference") =>
    r.cases.find((c: any) => c.implementation === impl && c.vector_id === "explicit-id/extra/wrong");

  it("passes on the untouched report", async () => {
    const result = await cli(["audit", path]);
    expect(result.stdout).toMatch(/^audit: \d+ cases re-derived from their transcripts; the summary agrees$/m);
    expect(result.exitCode).toBe(0);
  });

  it("an edited answer (the case's result, not its transcript)", async () => {
    let id = "";
    const result = await audit("edited-answer", (r) => {
      const c = subprocessPass(r);
      id = c.vector_id;
      c.result.output.accepted = false;
      c.result.output.reason = "bundle_id.dot";
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      `reference-subprocess ${id}: the answer recorded in the case differs from the one its transcript holds (edited)`,
    );
  });

  it("a response whose id does not answer its request", async () => {
    const result = await audit("mismatched-id", (r) => {
      const c = subprocessPass(r);
      c.transcript.response = c.transcript.response.replace(/"id":(\d+)/, (_m: string, n: string) => `"id":${Number(n) + 1000}`);
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/the response answers id \d+, but the request was id \d+/);
  });

  it("an edited expected value (made to match a wrong answer) and an edited tier", async () => {
    const result = await audit("edited-expected", (r) => {
      const v = r.vectors.find((x: any) => x.id === "explicit-id/extra/wrong");
      v.expected = { accepted: true, reason: null };
      for (const impl of ["reference", "reference-subprocess"])
        Object.assign(wrongCase(r, impl), { status: "pass", raw_status: "pass", diffs: [] });
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "vector explicit-id/extra/wrong: its op, input, expected value, expected error, tier or span do not match its content hash (edited after the run)",
    );
    const tier = await audit("edited-tier", (r) => {
      r.vectors.find((x: any) => x.id === "explicit-id/extra/wrong").tier = "observe";
      for (const impl of ["reference", "reference-subprocess"])
        Object.assign(wrongCase(r, impl), { status: "observed", raw_status: "observed", diffs: [], tier: "observe" });
    });
    expect(tier.stdout).toContain(
      "vector explicit-id/extra/wrong: its op, input, expected value, expected error, tier or span do not match its content hash",
    );
  });

  it("a deleted case", async () => {
    const result = await audit("deleted-case", (r) => {
      r.cases = r.cases.filter((c: any) => !(c.implementation === "reference" && c.vector_id === "explicit-id/extra/wrong"));
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("reference explicit-id/extra/wrong: no case, and not listed as not run (deleted from the report)");
  });

  it("a duplicated case", async () => {
    const result = await audit("duplicated-case", (r) => {
      r.cases.push(structuredClone(subprocessPass(r)));
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/reference-subprocess \S+: the case appears more than once \(duplicated\)/);
  });

  it("an invented gap", async () => {
    const result = await audit("invented-gap", (r) => {
      Object.assign(wrongCase(r), { status: "known_gap", gap: { id: "explicit-id/extra/wrong", status: "fail", reason: "an SDK quirk" } });
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "reference explicit-id/extra/wrong: the case carries a gap, but the implementation had no expectations file (invented)",
    );
  });

  it("a faked unsupported (an operation the handshake offers, never sent)", async () => {
    const result = await audit("faked-unsupported", (r) => {
      const c = wrongCase(r);
      const message = "reference does not offer bundle_id.validate";
      Object.assign(c, {
        status: "unsupported",
        raw_status: "unsupported",
        diffs: [],
        note: message,
        attempts: 0,
        result: { kind: "unsupported", message },
        transcript: { request: null, response: null, fault: { kind: "not_sent", detail: `unsupported: ${message}` } },
      });
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "reference explicit-id/extra/wrong: the case says unsupported without being sent, but reference's handshake offers bundle_id.validate",
    );
  });

  it("an invented gap beside an expectations file: a gap the file does not list", async () => {
    const root = tempCorpus({
      "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${WRONG}\n${WRONG.replace("/wrong", "/wrong2")}`),
    });
    const file = join(root, "expectations.yaml");
    writeFileSync(file, "implementation: reference\ngaps:\n  - { id: explicit-id/extra/wrong, status: fail, reason: listed }\n");
    const corpus = loadCorpus({ extraRoots: [root] });
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/extra/" }),
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", loadExpectations(file, "reference")]]),
    });
    const json = JSON.parse(JSON.stringify(report)) as Mutable;
    expect(auditReport(json).problems).toEqual([]);
    Object.assign(
      json.cases.find((c: any) => c.vector_id === "explicit-id/extra/wrong2"),
      { status: "known_gap", gap: { id: "explicit-id/extra/wrong2", status: "fail", reason: "invented" } },
    );
    const { summary: _s, facts: _f, verdict: _v, ...rest } = json;
    expect(auditReport(withDerived(rest as ParsedReport)).problems).toEqual([
      "reference explicit-id/extra/wrong2: the case carries a gap the run's expectations do not list (invented)",
    ]);
    // Listing it in the report's record too is caught against the file, unchanged since the run.
    json.implementations[0].expectations.listed.push({ id: "explicit-id/extra/wrong2", status: "fail", reason: "invented" });
    json.implementations[0].expectations.gaps += 1;
    const { summary: _s2, facts: _f2, verdict: _v2, ...rest2 } = json;
    expect(auditReport(withDerived(rest2 as ParsedReport)).problems).toEqual([
      `reference: gap explicit-id/extra/wrong2 differs from ${file} (whose sha256 the run recorded)`,
    ]);
  });

  it("an edited pinned answer: re-derived from the transcript; a report from before pins (no answer) still audits clean", async () => {
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${WRONG}`) });
    const corpus = loadCorpus({ extraRoots: [root] });
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/extra/" }),
      implementations: [referenceInProcess()],
    });
    const json = JSON.parse(JSON.stringify(report)) as Mutable;
    const wrong = json.cases.find((c: any) => c.vector_id === "explicit-id/extra/wrong");
    const pinned = wrong.answer;
    expect(pinned).toMatch(/^\/accepted=/);
    wrong.answer = "error bundle_id.charset";
    expect(auditReport(json).problems).toEqual([
      `reference explicit-id/extra/wrong: the transcript's answer is ${pinned}, the report says error bundle_id.charset`,
    ]);
    delete wrong.answer;
    expect(auditReport(json).problems).toEqual([]);
  });
});
