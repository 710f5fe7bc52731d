// The one report builder: fed case by case in whatever order cases complete, it derives what a
// finished list gives, and a report taken mid-run does not change as later cases are added.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CaseRecord, VectorRecord } from "../../harness/model/report.ts";
import { ReportBuilder, type ReportFrame, withDerived } from "../../harness/model/report-builder.ts";
import { STATUSES } from "../../harness/model/status.ts";

const IMPLS = ["reference", "python", "rust"];

function vector(i: number, tier: VectorRecord["tier"]): VectorRecord {
  return {
    id: `s/v/${i}`,
    suite: i % 2 ? "odd" : "even",
    description: "",
    op: "bundle_id.validate",
    tier,
    spec: { section: "x" },
    provenance: { source: "hand" },
    input: {},
    expected: { accepted: true, reason: null },
    since: "0.3.0",
    source: { file: "f.yaml", line: i },
    content_hash: "h",
  } as unknown as VectorRecord;
}

function caseOf(v: VectorRecord, implementation: string, status: CaseRecord["status"], accepted: boolean): CaseRecord {
  return {
    vector_id: v.id,
    suite: v.suite,
    op: v.op,
    tier: v.tier,
    implementation,
    status,
    raw_status: status,
    result: { kind: "ok", output: { accepted, reason: accepted ? null : "bundle_id.charset" } },
    diffs: [],
    duration_ms: 1,
    attempts: 1,
    transcript: { request: null, response: null },
    content_hash: "h",
  } as CaseRecord;
}

function frameOf(vectors: VectorRecord[], cases: CaseRecord[]): ReportFrame {
  return {
    schema_version: 2,
    run_id: "r",
    started_at: "s",
    finished_at: "f",
    environment: { node: "v20", platform: "linux", arch: "x64", kit_version: "0" },
    corpus: { roots: [], suites: [] },
    implementations: IMPLS.map((name) => ({
      name,
      handshake: { implementation: name, sdk: { name, version: "1" }, protocol_version: "0.4.0", operations: ["bundle_id.validate"] },
      transport: "subprocess" as const,
      stats: { restarts: 0, stderr_tail: "" },
      protocol: { used: "0.4.0", claimed: "0.4.0", why: "handshake" } as never,
    })),
    vectors,
    cases,
  };
}

const runArb = fc
  .array(
    fc.record({
      tier: fc.constantFrom("must", "should", "observe"),
      answers: fc.array(fc.tuple(fc.constantFrom(...STATUSES), fc.boolean()), { minLength: 3, maxLength: 3 }),
    }),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  .chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray([...Array(rows.length * 3).keys()], { minLength: rows.length * 3 })));

describe("report builder", () => {
  it("derives the same summary, facts, statements and verdict whatever order the cases come in", () => {
    fc.assert(
      fc.property(runArb, ([rows, order]) => {
        const vectors = rows.map((r, i) => vector(i, r.tier as VectorRecord["tier"]));
        // The list in the corpus's order, implementation by implementation, as a finished run holds it.
        const cases = IMPLS.flatMap((impl, k) => rows.map((r, i) => caseOf(vectors[i]!, impl, r.answers[k]![0], r.answers[k]![1])));
        const builder = new ReportBuilder(vectors);
        for (const i of order) builder.add(cases[i]!);
        const streamed = builder.finish(frameOf(vectors, cases));
        const listed = withDerived(frameOf(vectors, cases));
        expect(streamed).toEqual(listed);
        // Told how many implementations answer (as a run is), it lets go of agreed answers early: same report.
        const counted = new ReportBuilder(vectors, new Map(), IMPLS.length);
        for (const i of order) counted.add(cases[i]!);
        expect(counted.finish(frameOf(vectors, cases))).toEqual(listed);
        // An oracle that shares no code with the builder: the counts are the cases by status.
        for (const status of STATUSES) expect(streamed.summary.overall[status]).toBe(cases.filter((c) => c.status === status).length);
        expect(streamed.summary.overall.total).toBe(cases.length);
      }),
      { numRuns: 200 },
    );
  });

  it("lists a split in the corpus's order with the answers in the implementations' order, however the cases arrived", () => {
    const vectors = [vector(0, "must"), vector(1, "must")];
    const builder = new ReportBuilder(vectors);
    builder.add(caseOf(vectors[1]!, "rust", "fail", false));
    builder.add(caseOf(vectors[1]!, "reference", "pass", true));
    builder.add(caseOf(vectors[0]!, "python", "fail", false));
    builder.add(caseOf(vectors[0]!, "reference", "pass", true));
    builder.add(caseOf(vectors[1]!, "python", "pass", true));
    const { facts } = builder.finish(frameOf(vectors, []));
    expect(facts.disagreements.map((d) => [d.vector_id, d.groups.map((g) => g.implementations)])).toEqual([
      ["s/v/0", [["reference"], ["python"]]],
      ["s/v/1", [["reference", "python"], ["rust"]]],
    ]);
  });

  it("a report taken mid-run keeps its counts when more cases are added", () => {
    const vectors = [vector(0, "must")];
    const builder = new ReportBuilder(vectors).add(caseOf(vectors[0]!, "reference", "pass", true));
    const early = builder.finish(frameOf(vectors, []));
    builder.add(caseOf(vectors[0]!, "python", "fail", false));
    expect(early.summary.overall.total).toBe(1);
    expect(early.summary.by_implementation.python).toBeUndefined();
    expect(builder.finish(frameOf(vectors, [])).summary.overall.total).toBe(2);
  });
});
