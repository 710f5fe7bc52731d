/** How one run of the live suites is read: only must / should failures kill; a run that never ran a case killed at load. */
import { describe, expect, it } from "vitest";
import { judgeRun, type RunReport } from "./outcome.ts";

const report = (cases: RunReport["cases"], verdict = "pass"): RunReport => ({ cases, verdict: { status: verdict, failures: [] } });
const run = (r: RunReport | undefined, exit: number | null = 0, timedOut = false) =>
  judgeRun({ exit, timedOut, report: r, stderrTail: "boom\n" });

describe("a live run judged for a mutant", () => {
  it("survives a passing run, flaky cases kept aside", () => {
    const r = run(
      report([
        { vector_id: "a", tier: "must", status: "pass" },
        { vector_id: "b", tier: "must", status: "flaky" },
      ]),
    );
    expect(r).toEqual({ outcome: "survived", failing: [], flaky: ["b"] });
  });

  it("is killed by a failing must or should vector, never by an observe one", () => {
    const cases = [
      { vector_id: "w/2", tier: "should", status: "timeout" },
      { vector_id: "w/1", tier: "must", status: "fail" },
      { vector_id: "w/3", tier: "observe", status: "fail" },
    ];
    expect(run(report(cases, "fail"), 1)).toMatchObject({ outcome: "killed", failing: ["w/1", "w/2"] });
  });

  it("tells a run that never started a case, one ended by an internal error and one past its box apart", () => {
    expect(run(undefined, 3).outcome).toBe("killed_at_load");
    const cases = [{ vector_id: "a", tier: "must", status: "pass" }];
    expect(run({ ...report(cases, "incomplete"), incomplete: { reason: "internal error" } }, 3).outcome).toBe("killed_by_error");
    expect(run(undefined, null, true).outcome).toBe("timeout");
  });
});
