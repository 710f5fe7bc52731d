// compare --pair old=new and "not selected" (issue 31 item 9): a release compared with a checkout
// case by case, and a filtered later run whose unselected vectors are not reported as removed.
import { describe, expect, it } from "vitest";
import { parsePairs } from "../../harness/commands/compare-command.ts";
import type { ParsedReport } from "../../harness/model/report.ts";
import { compareReports, pairReports } from "../../harness/report/compare-reports.ts";

const vector = (id: string, tier = "must") => ({ id, suite: id.split("/")[0]!, tier, content_hash: "h" });
const report = (impl: string, statuses: Record<string, string>, run?: object): ParsedReport =>
  ({
    implementations: [{ name: impl }],
    vectors: Object.keys(statuses).map((id) => vector(id)),
    cases: Object.entries(statuses).map(([vector_id, status]) => ({ implementation: impl, vector_id, status })),
    ...(run ? { run: { suites: [], strict_protocol: false, allow_empty: false, implementations: [impl], ...run } } : {}),
  }) as unknown as ParsedReport;

describe("compare --pair", () => {
  it("compares the release's cases with the checkout's, as one implementation old=new", () => {
    const before = report("python", { "a/x/1": "pass", "a/x/2": "pass", "a/x/3": "fail" });
    const after = report("python@path:.", { "a/x/1": "pass", "a/x/2": "fail", "a/x/3": "pass" });
    const unpaired = compareReports(before, after);
    expect(unpaired.removed_implementations).toEqual(["python"]);
    expect(unpaired.regressions).toEqual([]);
    const paired = pairReports(
      before,
      after,
      parsePairs(["python=python@path:."], ["python"], ["python@path:."], ["old.json", "new.json"]),
    );
    const c = compareReports(paired.before, paired.after);
    expect(c.removed_implementations).toEqual([]);
    expect(c.regressions).toEqual([{ implementation: "python=python@path:.", vector_id: "a/x/2", before: "pass", after: "fail" }]);
    expect(c.fixes.map((f) => f.vector_id)).toEqual(["a/x/3"]);
  });

  it("sets aside the implementations no pair names: a release run's other SDKs are neither removed nor compared", () => {
    const release = {
      ...report("python", { "a/x/1": "pass", "a/x/2": "fail" }),
      implementations: [{ name: "python" }, { name: "rust" }, { name: "reference" }],
    } as unknown as ParsedReport;
    (release.cases as unknown as object[]).push(
      { implementation: "rust", vector_id: "a/x/1", status: "pass" },
      { implementation: "reference", vector_id: "a/x/1", status: "pass" },
    );
    const checkout = report("python@path:.", { "a/x/1": "pass", "a/x/2": "fail" });
    const paired = pairReports(release, checkout, new Map([["python", "python@path:."]]));
    expect(paired.ignored).toEqual({ before: ["rust", "reference"], after: [] });
    const c = compareReports(paired.before, paired.after);
    expect(c.removed_implementations).toEqual([]);
    expect(c.missing_cases).toEqual([]);
    expect(c.regressions).toEqual([]);
    // Without --pair, the same two reports lose three implementations and gain one.
    expect(compareReports(release, checkout).removed_implementations).toEqual(["python", "rust", "reference"]);
  });

  it("a pair naming an implementation a report lacks is a usage error naming the file", () => {
    expect(() => parsePairs(["python=rust"], ["python"], ["python@path:."], ["old.json", "new.json"])).toThrow(
      "--pair python=rust: new.json has no implementation rust (it has python@path:.)",
    );
    expect(() => parsePairs(["python"], ["python"], ["python"], ["old.json", "new.json"])).toThrow(/needs old=new/);
  });
});

describe("a filtered later run", () => {
  it("counts the vectors its selection left out as not selected, not removed", () => {
    const before = report("python", { "a/x/1": "pass", "a/y/2": "pass", "b/x/3": "pass" });
    const after = report("python", { "a/x/1": "pass" }, { suites: ["a"], filter: "a/x/" });
    const c = compareReports(before, after);
    expect(c.not_selected).toEqual(["a/y/2", "b/x/3"]);
    expect(c.removed_vectors).toEqual([]);
    // Without a selection, a vector that is gone was removed.
    expect(compareReports(before, report("python", { "a/x/1": "pass" }, {})).removed_vectors).toEqual(["a/y/2", "b/x/3"]);
  });
});
