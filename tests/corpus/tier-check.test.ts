// Tiers follow the requirements (issue 29): a tier the covered statements do not carry is a
// corpus error at load, with file, line and pointer.
import { describe, expect, it } from "vitest";
import { CorpusError, type CorpusProblem } from "../../harness/corpus/errors.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { tierFinding } from "../../harness/corpus/tier-check.ts";
import type { Requirement } from "../../harness/model/requirement.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "./temp-corpus.ts";

function problemsOf(vector: string): CorpusProblem[] {
  try {
    loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(vector) })] });
  } catch (error) {
    if (error instanceof CorpusError) return [...error.problems];
    throw error;
  }
  return [];
}

/** GOOD_VECTOR (tier must, covering the MUST data-structures/bundleid/3) with its tier and covers replaced. */
function vector(tier: string, covers: string | undefined, tail = ""): string {
  const base = GOOD_VECTOR.replace(/\n {4}covers: .*/, "").replace(/\n {4}expected: .*/, tier === "observe" ? "" : "$&");
  return base.replace("    tier: must", `    tier: ${tier}${covers === undefined ? "" : `\n    covers: ${covers}`}`) + tail;
}

const req = (id: string, level: Requirement["level"], contradicts?: string): Requirement => ({
  id,
  page: "p",
  section: "s",
  level,
  summary: id,
  testability: "pure",
  since: "0.3.0",
  text: { protocol: "0.4.0", file: "f", line: 1 },
  ...(contradicts ? { contradicts: [{ id: contradicts, note: "n" }] } : {}),
});

describe("tier check at corpus load", () => {
  it("refuses a must vector covering only a MAY, with file and line of its tier", () => {
    const problems = problemsOf(vector("must", "[config-spec/layout/1]"));
    expect(problems).toEqual([
      expect.objectContaining({ code: "corpus.tier", vectorId: "explicit-id/extra/ok", pointer: "/vectors/0/tier", line: 7 }),
    ]);
    expect(problems[0]!.file).toMatch(/explicit-id\/extra\.yaml$/);
    expect(problems[0]!.message).toContain("config-spec/layout/1 is MAY");
  });

  it("refuses an observe vector covering a MUST the index does not mark as contradicted", () => {
    const problems = problemsOf(vector("observe", "[data-structures/bundleid/3]"));
    expect(problems).toEqual([expect.objectContaining({ code: "corpus.tier", pointer: "/vectors/0/tier" })]);
    expect(problems[0]!.message).toContain("data-structures/bundleid/3 (MUST)");
  });

  it("accepts the MUST moved to near, and refuses a vector that says nothing about what it covers", () => {
    expect(
      problemsOf(
        vector("observe", "[]\n    near: [data-structures/bundleid/3]").replace("section: s }", "section: s, note: silent on x }"),
      ),
    ).toEqual([]);
    expect(problemsOf(vector("must", undefined))).toEqual([
      expect.objectContaining({ code: "corpus.tier", message: expect.stringContaining("says nothing about what it checks") }),
    ]);
  });

  it("an empty covers needs spec.note; near must name known statements", () => {
    expect(problemsOf(vector("observe", "[]"))).toEqual([
      expect.objectContaining({ code: "corpus.tier", pointer: "/vectors/0/covers", message: expect.stringContaining("spec.note") }),
    ]);
    expect(
      problemsOf(vector("observe", "[]\n    near: [data-structures/no-such/1]").replace("section: s }", "section: s, note: n }")),
    ).toEqual([expect.objectContaining({ code: "corpus.unknown_requirement", pointer: "/vectors/0/near/0" })]);
  });
});

describe("tierFinding", () => {
  const index = new Map(
    [req("a/must/1", "MUST"), req("a/should/1", "SHOULD"), req("a/may/1", "MAY"), req("a/c/1", "MUST", "a/c/2"), req("a/c/2", "MUST")].map(
      (r) => [r.id, r] as const,
    ),
  );
  const finding = (tier: "must" | "should" | "observe", covers: string[] | undefined, note?: string) =>
    tierFinding({ tier, covers, note }, index)?.message ?? "ok";

  it("should needs a SHOULD or a MUST", () => {
    expect(finding("should", ["a/should/1"])).toBe("ok");
    expect(finding("should", ["a/must/1"])).toBe("ok");
    expect(finding("should", ["a/may/1"])).toMatch(/covers no SHOULD or MUST/);
  });

  it("observe may cover MAY and contradicted statements (either side), never a firm SHOULD", () => {
    expect(finding("observe", ["a/may/1", "a/c/1", "a/c/2"])).toBe("ok");
    expect(finding("observe", ["a/should/1"])).toMatch(/a\/should\/1 \(SHOULD\)/);
  });

  it("a candidate awaiting review is left to its reviewer", () => {
    expect(finding("must", undefined, "awaits review: x")).toBe("ok");
    expect(finding("must", undefined, "reviewed")).toMatch(/says nothing/);
  });
});
