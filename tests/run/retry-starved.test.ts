// Which first attempts give no verdict (run/retry.ts): a box the machine starved, or an attempt
// during which the harness's event loop stood still for a second or more.
import { describe, expect, it } from "vitest";
import type { FirstAttempt } from "../../harness/model/report.ts";
import { retryStatus, STALL_VOIDS_ATTEMPT_MS, starved } from "../../harness/run/retry.ts";

/** A transport first attempt that answered (no hang) with a wrong code, its scene having stalled `stalled` ms. */
const wrongAnswer = (stalled: number | undefined): Pick<FirstAttempt, "result" | "transcript"> => ({
  result: { kind: "ok", output: { isError: true, error_code: 4007, hangs: false, stage: "call", elapsed_ms: 40 } },
  transcript: {
    request: null,
    response: null,
    transport: {
      case_id: "c",
      base_url: "http://127.0.0.1:1",
      evidence: { exchanges: [], ...(stalled === undefined ? {} : { loop_stalled_ms: stalled }) },
    },
  },
});

describe("a starved first attempt", () => {
  it("is one whose scene stood still for a second or more, whatever it answered", () => {
    expect(starved(wrongAnswer(4500))).toBe(true);
    expect(starved(wrongAnswer(STALL_VOIDS_ATTEMPT_MS))).toBe(true);
    expect(retryStatus("pass", wrongAnswer(4500))).toBe("pass");
  });

  it("is not one a quiet machine ran, or one whose record keeps no stall: a wrong answer there is a verdict", () => {
    expect(starved(wrongAnswer(40))).toBe(false);
    expect(starved(wrongAnswer(undefined))).toBe(false);
    expect(retryStatus("pass", wrongAnswer(40))).toBe("flaky");
    expect(retryStatus("fail", wrongAnswer(4500))).toBe("fail");
  });
});
