// The issue's own measure: MUSTs and SHOULDs a vector can check (pure or live), how many are covered,
// and the list of the uncovered ones with the index's reason, page by page.
import { describe, expect, it } from "vitest";
import { revisionCoverage, uncoveredTestable } from "../../harness/model/coverage.ts";
import type { Requirement } from "../../harness/model/requirement.ts";
import { renderCoverageText } from "../../harness/report/coverage-text.ts";

const row = (id: string, level: Requirement["level"], testability: Requirement["testability"], left?: string): Requirement => ({
  id,
  page: id.split("/")[0]!,
  section: "s",
  level,
  summary: `summary of ${id}`,
  testability,
  since: "0.3.0",
  text: { protocol: "0.4.0", file: "x.md", line: 1 },
  ...(left ? { left } : {}),
});

const requirements = [
  row("alpha/a/1", "MUST", "pure"),
  row("alpha/a/2", "MUST", "live", "needs an act no SDK has"),
  row("alpha/a/3", "SHOULD", "live"),
  row("beta/b/1", "MUST NOT", "untestable"),
  row("beta/b/2", "MAY", "live"),
  row("beta/b/3", "SHOULD NOT", "pure"),
];
const vectors = [
  { id: "v/1", tier: "must" as const, since: "0.3.0", covers: ["alpha/a/1"] },
  { id: "v/2", tier: "observe" as const, since: "0.3.0", covers: ["beta/b/3"] },
];

describe("testable coverage", () => {
  const coverage = revisionCoverage("0.4.0", requirements, vectors);
  const uncovered = uncoveredTestable("0.4.0", requirements, vectors);

  it("counts only pure and live MUSTs and SHOULDs, covered by any tier", () => {
    expect(coverage.totals).toMatchObject({ testable_must: 2, testable_must_covered: 1, testable_should: 2, testable_should_covered: 1 });
    expect(coverage.pages.find((p) => p.page === "beta")!.totals).toMatchObject({ testable_must: 0, testable_should: 1 });
  });

  it("lists every uncovered testable MUST and SHOULD, leaving out untestable statements and MAYs", () => {
    expect(uncovered.map((u) => u.id)).toEqual(["alpha/a/2", "alpha/a/3"]);
    // Not in the coverage every report embeds per revision, where it would be most of the report.
    expect(Object.keys(coverage)).not.toContain("uncovered_testable");
  });

  it("prints them by page with the reason the index gives, and says where it gives none", () => {
    const text = renderCoverageText(coverage, { uncovered });
    expect(text).toContain("testable (pure or live): MUSTs 1/2 (50%); SHOULDs 1/2 (50%)");
    expect(text).toContain("uncovered testable MUST and SHOULD statements (2), by page:\n  alpha (2):");
    expect(text).toContain("alpha/a/2  MUST  live: summary of alpha/a/2  [left: needs an act no SDK has]");
    expect(text).toContain("alpha/a/3  SHOULD  live: summary of alpha/a/3  [no reason recorded: no vector yet]");
    expect(renderCoverageText(coverage)).not.toContain("uncovered testable");
  });
});
