/** The closing hint: --update-expectations only for what an expectations file can record; the reference's wrong answer says what to fix instead. */
import { describe, expect, it } from "vitest";
import { updateHint } from "../../harness/commands/update-hint.ts";
import type { Report } from "../../harness/model/report.ts";

function report(cases: Array<{ implementation: string; vector_id: string; status: string; raw_status?: string }>): Report {
  return {
    implementations: [
      { name: "reference", expectations: undefined },
      { name: "python", expectations: { file: "adapters/python/expectations.yaml", gaps: 0, orphans: [] } },
    ],
    cases: cases.map((c) => ({ raw_status: c.status, ...c })),
  } as unknown as Report;
}

describe("updateHint", () => {
  it("a failing SDK case gets the command again with --update-expectations", () => {
    const hint = updateHint(report([{ implementation: "python", vector_id: "a/b/c", status: "fail" }]), ["run", "--suite", "a"]);
    expect(hint).toBe(
      "to record this failing or stale case in the expectations (then write each TODO reason): npx smcp-conformance run --suite a --update-expectations",
    );
  });

  it("at a draft the command gives each SDK a file of its own: no release's file takes a draft result (issue 44, item 6)", () => {
    const r = {
      ...report([{ implementation: "python", vector_id: "a/b/c", status: "fail" }]),
      run: { protocol: "0.5.0-dev" },
    } as unknown as Report;
    expect(updateHint(r, ["run", "--protocol", "0.5.0-dev"])).toMatch(
      /: npx smcp-conformance run --protocol 0\.5\.0-dev --update-expectations --expectations 'python=<draft-gaps-file>'$/,
    );
    // The draft reading of the reference is the reference: its wrong answer says to fix it, never to record it.
    const ref = {
      implementations: [{ name: "reference@0.5.0-dev" }],
      cases: [{ implementation: "reference@0.5.0-dev", vector_id: "a/b/c", status: "fail", raw_status: "fail" }],
    } as unknown as Report;
    expect(updateHint(ref, ["run"])).toMatch(/^the reference answered vector a\/b\/c differently/);
  });

  it("a wrong reference answer never suggests --update-expectations: it says to fix the vector or the reference", () => {
    const hint = updateHint(report([{ implementation: "reference", vector_id: "a/b/c", status: "fail" }]), ["run", "--suite", "a"]);
    expect(hint).toBeDefined();
    expect(hint).not.toContain("npx smcp-conformance");
    expect(hint).toContain("the reference answered vector a/b/c differently from the expected value");
    expect(hint).toContain("fix the vector's expected value");
  });

  it("both at once: the reference line, then the command counting only the SDK's case", () => {
    const hint = updateHint(
      report([
        { implementation: "reference", vector_id: "a/b/c", status: "fail" },
        { implementation: "python", vector_id: "a/b/c", status: "fail" },
        { implementation: "python", vector_id: "a/b/d", status: "pass" },
      ]),
      ["run"],
    )!;
    const [first, second, ...rest] = hint.split("\n");
    expect(first).toMatch(/^the reference answered vector a\/b\/c/);
    expect(second).toMatch(/^to record this failing or stale case .*: npx smcp-conformance run --update-expectations$/);
    expect(rest).toEqual([]);
  });

  it("an implementation without an expectations file (an --adapter) is not counted: there is nowhere to record it", () => {
    const r = report([{ implementation: "mine", vector_id: "a/b/c", status: "fail" }]);
    (r.implementations as unknown as Array<{ name: string }>).push({ name: "mine" });
    expect(updateHint(r, ["run"])).toBeUndefined();
  });
});
