// `run --durations N`: the N slowest cases, slowest first, ties in report order, retries named.
import { describe, expect, it } from "vitest";
import type { CaseRecord } from "../../harness/model/report.ts";
import { slowestCasesText } from "../../harness/report/durations-text.ts";

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
