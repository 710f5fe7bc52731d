import { describe, expect, it } from "vitest";
import { answerKey, disagreements } from "../../harness/diff/cross-impl.ts";
import type { CaseRecord } from "../../harness/report/model.ts";

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
