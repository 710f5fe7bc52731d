import { describe, expect, it } from "vitest";
import type { Report } from "../../harness/report/model.ts";
import { verdictAgreement } from "../../harness/report/verdict-agreement.ts";

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
    expect(verdictAgreement({ vectors, cases } as unknown as Report)).toEqual({ sdk: { verdicts: 2, accept_agree: 2, reason_agree: 1 } });
  });
});
