// `run --durations N`: the N slowest cases, slowest first, ties in report order, retries named.
import { describe, expect, it } from "vitest";
import type { CaseRecord } from "../../harness/model/report.ts";
import { criticalPathText, slowestCasesText } from "../../harness/report/durations-text.ts";
import { RunClock } from "../../harness/run/run-clock.ts";

const at = (vector_id: string, implementation: string, duration_ms: number, attempts = 1) =>
  ({ vector_id, implementation, duration_ms, attempts, status: "pass" }) as unknown as CaseRecord;

describe("slowestCasesText", () => {
  it("lists the n slowest, slowest first, equal times in report order, aligned", () => {
    const cases = [at("a/x/1", "reference", 2), at("a/x/2", "python", 1530, 2), at("a/x/3", "rust", 40), at("a/x/4", "python", 40)];
    expect(slowestCasesText({ cases }, 3)).toBe(
      [
        "slowest 3 of 4 cases:",
        "  1.530s  python  a/x/2  pass (2 attempts)",
        "  0.040s  rust  a/x/3  pass",
        "  0.040s  python  a/x/4  pass",
        "",
      ].join("\n"),
    );
  });

  it("n past the number of cases lists them all; no case, no text", () => {
    expect(slowestCasesText({ cases: [at("a/x/1", "reference", 2)] }, 5)).toMatch(
      /^slowest 1 of 1 cases:\n {2}0\.002s {2}reference {2}a\/x\/1 {2}pass\n$/,
    );
    expect(slowestCasesText({ cases: [] }, 5)).toBe("");
  });
});

describe("the run's critical path", () => {
  it("names the case the run ended on and holds the wall time against the slowest case plus its start-up", () => {
    const timing = {
      wall_ms: 12_000,
      startup_ms: { reference: 500, python: 2_000 },
      last_case: { implementation: "reference", vector_id: "a/x/9", started_ms: 9_000, ended_ms: 11_900, duration_ms: 2_900 },
      slowest_case: { implementation: "python", vector_id: "a/x/2", started_ms: 2_000, ended_ms: 10_000, duration_ms: 8_000 },
    };
    expect(criticalPathText(timing)).toBe(
      [
        "the run could not end before: reference  a/x/9: ended at 11.900s, after 2.900s",
        "run 12.000s = 1.20 × (slowest case 8.000s + python's start-up 2.000s)",
        "",
      ].join("\n"),
    );
    expect(slowestCasesText({ cases: [at("a/x/2", "python", 8_000)], timing }, 1)).toContain("1.20 × (slowest case");
  });

  it("the run's clock keeps the last case to end and the slowest, a retry marked", async () => {
    const clock = new RunClock();
    clock.ready("reference");
    clock.caseEnded("reference", "a/x/1", 5, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.caseEnded("reference", "a/x/2", 1, true);
    const timing = clock.timing();
    expect(timing.last_case).toMatchObject({ vector_id: "a/x/2", retry: true });
    expect(timing.slowest_case).toMatchObject({ vector_id: "a/x/1", duration_ms: 5 });
    expect(timing.last_case!.ended_ms).toBeGreaterThanOrEqual(timing.slowest_case!.ended_ms + 15);
    expect(Object.keys(timing.startup_ms)).toEqual(["reference"]);
  });
});
