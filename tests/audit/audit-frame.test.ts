// audit refuses each tampered report issue 32 lists: an implementation deleted whole, a vector
// edited with its hash recomputed, an invented expectations record, a flipped strict_protocol,
// corpus: null, schema_version: 99. Each forgery re-derives summary, facts and verdict, so only
// the check named can catch it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import type { ParsedReport } from "../../harness/model/report.ts";
import { withDerived } from "../../harness/model/report-builder.ts";
import { vectorContentHash } from "../../harness/model/vector-hash.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const WRONG_ID = "explicit-id/extra/wrong";
const WRONG = GOOD_VECTOR.replace("id: explicit-id/extra/ok", `id: ${WRONG_ID}`).replace(
  "accepted: true, reason: null",
  "accepted: false, reason: bundle_id.dot",
);
const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${WRONG}`) });
const corpus = loadCorpus({ extraRoots: [root] });
const vectors = selectVectors(corpus, { filter: "explicit-id/extra/" });
const settings = (strict: boolean) => ({ suites: ["explicit-id"], strict_protocol: strict, allow_empty: false });

/** A copy of the report with `edit` applied and summary, facts and verdict re-derived, as a careful forger would. */
function forge(report: ParsedReport, edit: (r: any) => void): ParsedReport {
  const json = JSON.parse(JSON.stringify(report));
  edit(json);
  const { summary: _s, facts: _f, verdict: _v, statements: _st, ...rest } = json;
  return withDerived(rest as ParsedReport);
}

/** A failing case made to look like a pass: its status and judgement, not its transcript. */
function asPass(c: any): void {
  Object.assign(c, { status: "pass", raw_status: "pass", diffs: [] });
  delete c.answer;
}

describe("audit refuses the tampered reports of issue 32", async () => {
  const report = await runCorpus({
    corpus,
    vectors,
    implementations: [referenceInProcess(), { ...referenceInProcess(), name: "second" }],
    settings: settings(false),
  });

  it("the untouched report audits clean", () => {
    expect(report.verdict.status).toBe("fail");
    expect(auditReport(JSON.parse(JSON.stringify(report))).problems).toEqual([]);
  });

  it("an implementation deleted whole (its record and every case)", () => {
    const forged = forge(report, (r) => {
      r.implementations = r.implementations.filter((i: any) => i.name !== "second");
      r.cases = r.cases.filter((c: any) => c.implementation !== "second");
    });
    expect(auditReport(forged).problems).toEqual([
      "the run selected reference, second, the report records reference: second deleted from the report",
    ]);
  });

  it("a vector edited to match the wrong answer, its hash and its cases' hashes recomputed", () => {
    const forged = forge(report, (r) => {
      const v = r.vectors.find((x: any) => x.id === WRONG_ID);
      v.expected = { accepted: true, reason: null };
      v.content_hash = vectorContentHash(v);
      for (const c of r.cases.filter((x: any) => x.vector_id === WRONG_ID)) {
        c.content_hash = v.content_hash;
        asPass(c);
      }
    });
    expect(forged.verdict.status).toBe("pass");
    expect(auditReport(forged).problems).toEqual([
      `vector ${WRONG_ID}: its content hash differs from the corpus's (${vectors[1]!.source.file}): the vector in the report was edited (its hash recomputed), or the corpus changed since the run`,
    ]);
  });

  it("an invented expectations record, with the gap it lists carried by the failing case", () => {
    const gap = { id: WRONG_ID, status: "fail", reason: "an SDK quirk" };
    const forged = forge(report, (r) => {
      for (const impl of r.implementations)
        impl.expectations = { file: `${root}/invented-expectations.yaml`, gaps: 1, listed: [gap], orphans: [] };
      for (const c of r.cases.filter((x: any) => x.vector_id === WRONG_ID)) Object.assign(c, { status: "known_gap", gap });
    });
    expect(forged.verdict.status).toBe("pass");
    expect(auditReport(forged).problems).toEqual(
      ["reference", "second"].map(
        (name) =>
          `${name}: its cases carry gaps from ${root}/invented-expectations.yaml, which does not exist: gaps that cannot be checked against their file are not known gaps`,
      ),
    );
  });

  it("older_releases naming a pinned or unselected implementation (it would excuse a release with nothing judged)", () => {
    expect(auditReport(forge(report, (r) => void (r.run.older_releases = ["second"]))).problems).toContain(
      'run.older_releases names "second", which is no older release the run selected',
    );
    expect(auditReport(forge(report, (r) => void (r.run.older_releases = ["python@0.3.2"]))).problems).toContain(
      'run.older_releases names "python@0.3.2", which is no older release the run selected',
    );
    expect(auditReport(forge(report, (r) => void (r.run.older_releases = "second"))).problems).toContain(
      "run.older_releases is not a list of names",
    );
  });

  it("corpus.required cut to the selection, so a selection reads as a whole-corpus claim (issue 44, item 4)", () => {
    expect(report.statements?.[0]?.scope).toBeDefined(); // two vectors of a whole corpus: a selection
    const forged = forge(report, (r) => {
      const ids = new Set(r.vectors.map((v: any) => v.id));
      r.corpus.required = r.corpus.required.filter((v: any) => ids.has(v.id));
    });
    expect(forged.statements?.[0]?.scope).toBeUndefined();
    expect(auditReport(forged).problems).toEqual([
      `corpus.required differs from the required vectors of the corpus at ${report.corpus.roots.join(", ")}: the statements' scopes rest on it (edited, or the corpus changed since the run)`,
    ]);
  });

  it("a transcript without its lines is named, not a crash of audit", () => {
    const json = JSON.parse(JSON.stringify(report));
    delete json.cases[0].transcript.request;
    delete json.cases[0].transcript.response;
    const c = json.cases[0];
    expect(auditReport(json).problems).toEqual(
      expect.arrayContaining([
        `${c.implementation} ${c.vector_id}: the transcript has no request line (null or the line it sent)`,
        `${c.implementation} ${c.vector_id}: the transcript has no response line (null or the line it got)`,
      ]),
    );
  });

  it("implementations[].roles that the manifest does not declare (a role dropped to hide its failures)", () => {
    const forged = forge(report, (r) => void (r.implementations[0].roles = ["computer"]));
    expect(auditReport(forged).problems).toContain(
      'implementation reference: the report records roles ["computer"], its manifest declares "all"',
    );
  });

  it("corpus: null, and schema_version: 99", () => {
    expect(auditReport(forge(report, (r) => void (r.corpus = null))).problems).toEqual([
      "corpus: null is not a corpus record (its roots and suites): the vectors cannot be traced",
    ]);
    expect(auditReport(forge(report, (r) => void (r.schema_version = 99))).problems).toEqual([
      "schema_version 99: this kit writes and reads reports of schema 2",
    ]);
  });

  it("a flipped strict_protocol: each answer is re-read as the recorded flag says the run read it", async () => {
    const badOutput = (strict: boolean) =>
      runCorpus({
        corpus,
        vectors,
        implementations: [
          new SubprocessImplementation(
            "fault",
            {
              file: process.execPath,
              args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--bad-output-when", "abc"],
              env: minimalEnv(),
            },
            { caseTimeoutMs: 10_000, strictProtocol: strict },
          ),
        ],
        settings: settings(strict),
      });
    const strict = await badOutput(true);
    const lax = await badOutput(false);
    const okCase = (r: ParsedReport) => r.cases.find((c) => c.vector_id === "explicit-id/extra/ok")!;
    expect(okCase(strict).status).toBe("protocol_error");
    expect(okCase(lax).status).toBe("fail"); // accepted: "yes" is judged, and is not true
    expect(auditReport(JSON.parse(JSON.stringify(strict))).problems).toEqual([]);
    expect(auditReport(JSON.parse(JSON.stringify(lax))).problems).toEqual([]);
    // The strict run said not strict: its protocol error's line is an answer a lax run would have judged.
    expect(auditReport(forge(strict, (r) => void (r.run.strict_protocol = false))).problems).toContain(
      "fault explicit-id/extra/ok: the case is a protocol error, but its recorded line is a well-formed answer (the run was not --strict-protocol: a schema violation is judged, not a fault)",
    );
    // The lax run said strict: its judged answer violates the output schema, which strict makes a protocol error.
    expect(auditReport(forge(lax, (r) => void (r.run.strict_protocol = true))).problems).toContain(
      "fault explicit-id/extra/ok: the transcript gives protocol_error, the report says fail",
    );
  }, 60_000);
});
