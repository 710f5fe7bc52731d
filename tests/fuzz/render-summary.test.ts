// fuzz --quiet and --max-groups: a run with many kinds of disagreement prints a few lines, not
// hundreds (issue 31 item 7: 600 lines and no way to quieten them).
import { describe, expect, it } from "vitest";
import type { FuzzGroup, FuzzSummary } from "../../harness/fuzz/fuzz-run.ts";
import { cappedGroups, renderSummary } from "../../harness/fuzz/render-summary.ts";

const group = (n: number, cases: number): FuzzGroup => ({
  op: "exposed_name",
  signature: `kind ${n}`,
  seed: 1,
  path: String(n),
  input: { n },
  partition: "python | reference",
  classes: [
    { answer: `{"n":${n}}`, implementations: ["reference"] },
    { answer: "error x", implementations: ["python"] },
  ],
  cases,
  variants: [],
  shrink: { evaluations: 3, interrupted: false },
  found_as: [],
});

const summary: FuzzSummary = {
  seed: 1,
  implementations: ["reference", "python"],
  cases: 100,
  disagreeing: 30,
  wall_ms: 1200,
  peak_rss_bytes: 1e8,
  per_op: [{ op: "exposed_name", seed: 1, cases: 100, disagreeing: 30 }],
  pairs: { "python~reference": 30 },
  groups: [group(1, 2), group(2, 20), group(3, 8)],
  kinds: [],
} as unknown as FuzzSummary;

describe("fuzz summary text", () => {
  it("--max-groups shows the most frequent groups and counts the rest", () => {
    expect(cappedGroups(summary.groups, 2).map((g) => g.signature)).toEqual(["kind 2", "kind 3"]);
    const text = renderSummary(summary, ["c.yaml"], new Map(), { maxGroups: 2 });
    expect(text).toContain("  1. kind 2");
    expect(text).toContain("  2. kind 3");
    expect(text).not.toContain("kind 1");
    expect(text).toContain("  … 1 more groups past --max-groups 2 (fuzz-summary.json lists every one)");
    expect(renderSummary(summary, [], new Map())).toContain("  3. kind 1");
  });

  it("--quiet leaves the candidate files and the closing line only", () => {
    expect(renderSummary(summary, ["c.yaml"], new Map(), { quiet: true }).split("\n")).toEqual([
      "candidates: c.yaml",
      "fuzz: 100 cases over reference, python, 30 disagreeing, 3 groups in 1.2 s, peak RSS 100 MB",
    ]);
  });
});
