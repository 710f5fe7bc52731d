import { describe, expect, it } from "vitest";
import { answerKey } from "../../harness/model/answer-key.ts";
import { disagreements, verdictAgreement } from "../../harness/model/facts.ts";
import type { CaseRecord, VectorRecord } from "../../harness/model/report.ts";

const caseOf = (implementation: string, result: CaseRecord["result"]): CaseRecord =>
  ({ vector_id: "v/x/y", suite: "v", op: "bundle_id.validate", tier: "observe", implementation, result }) as CaseRecord;

describe("cross-implementation comparison", () => {
  it("ignores evidence: a verdict's detail and keys the op does not define", () => {
    const a = answerKey("bundle_id.validate", { kind: "ok", output: { accepted: false, reason: "bundle_id.dot", detail: "SDK words" } });
    const b = answerKey("bundle_id.validate", { kind: "ok", output: { accepted: false, reason: "bundle_id.dot", sdk_log: ["x"] } });
    expect(a).toBe(b);
  });
  it("groups implementations by what they said; faults and unsupported are not answers", () => {
    const split = disagreements([
      caseOf("reference", { kind: "ok", output: { accepted: true, reason: null } }),
      caseOf("python", { kind: "ok", output: { accepted: false, reason: "bundle_id.charset", detail: "…" } }),
      caseOf("rust", { kind: "ok", output: { accepted: true, reason: null, detail: "other words" } }),
      caseOf("broken", { kind: "crash", message: "boom" }),
    ]);
    expect(split).toEqual([
      {
        vector_id: "v/x/y",
        tier: "observe",
        groups: [
          { answer: '{"accepted":true,"reason":null}', implementations: ["reference", "rust"] },
          { answer: '{"accepted":false,"reason":"bundle_id.charset"}', implementations: ["python"] },
        ],
      },
    ]);
  });
  it("agreement is not reported", () => {
    expect(
      disagreements([
        caseOf("a", { kind: "error", error: { reason: "x", message: "1" } }),
        caseOf("b", { kind: "error", error: { reason: "x", message: "2" } }),
      ]),
    ).toEqual([]);
  });
});

describe("verdict agreement", () => {
  it("counts accept/reject agreement and reason agreement separately", () => {
    const vectors = [
      { id: "a", tier: "must", expected: { accepted: false, reason: "bundle_id.dot" } },
      { id: "b", tier: "must", expected: { accepted: true, reason: null } },
      { id: "c", tier: "observe" },
      { id: "d", tier: "must", expected: { bundle_id: "x" } },
    ];
    const ok = (output: unknown) => ({ kind: "ok", output });
    const cases = [
      { vector_id: "a", implementation: "sdk", result: ok({ accepted: false, reason: "bundle_id.charset", detail: "…" }) }, // right verdict, wrong reason
      { vector_id: "b", implementation: "sdk", result: ok({ accepted: true, reason: null }) },
      { vector_id: "c", implementation: "sdk", result: ok({ accepted: true, reason: null }) }, // observe: not judged
      { vector_id: "d", implementation: "sdk", result: ok({ bundle_id: "x" }) }, // not a verdict
      { vector_id: "a", implementation: "broken", result: { kind: "crash", message: "x" } },
    ];
    expect(verdictAgreement(vectors as unknown as VectorRecord[], cases as unknown as CaseRecord[])).toEqual({
      sdk: { verdicts: 2, accept_agree: 2, reason_agree: 1 },
    });
  });
});
