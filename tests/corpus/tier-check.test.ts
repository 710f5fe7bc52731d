// Tiers follow the requirements (issue 29): a tier the covered statements do not carry is a
// corpus error at load, with file, line and pointer.
import { beforeAll, describe, expect, it } from "vitest";
import { CorpusError, type CorpusProblem } from "../../harness/corpus/errors.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { tierFinding } from "../../harness/corpus/tier-check.ts";
import type { Requirement } from "../../harness/model/requirement.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "./temp-corpus.ts";

/** Every scratch vector below in one file, loaded once: loading the kit's corpus is the slow part. */
function problemsOf(vectors: readonly string[]): CorpusProblem[] {
  try {
    loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(vectors.join("\n")) })] });
  } catch (error) {
    if (error instanceof CorpusError) return [...error.problems];
    throw error;
  }
  return [];
}

/** GOOD_VECTOR (tier must, covering the MUST data-structures/bundleid/3) renamed, with its tier and covers replaced. */
function vector(name: string, tier: string, covers: string | undefined, note?: string): string {
  const base = GOOD_VECTOR.replace("explicit-id/extra/ok", `explicit-id/extra/${name}`)
    .replace(/\n {4}covers: .*/, "")
    .replace(/\n {4}expected: .*/, tier === "observe" ? "" : "$&")
    .replace("section: s }", note ? `section: s, note: ${note} }` : "section: s }");
  return base.replace("    tier: must", `    tier: ${tier}${covers === undefined ? "" : `\n    covers: ${covers}`}`);
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
  let problems: CorpusProblem[] = [];
  const of = (name: string) => problems.filter((p) => p.vectorId === `explicit-id/extra/${name}`);
  beforeAll(() => {
    problems = problemsOf([
      vector("must-over-may", "must", "[config-spec/layout/1]"),
      vector("observe-over-must", "observe", "[data-structures/bundleid/3]"),
      vector("near-ok", "observe", "[]\n    near: [data-structures/bundleid/3]", "silent on x"),
      vector("says-nothing", "must", undefined),
      vector("empty-no-note", "observe", "[]"),
      vector("near-unknown", "observe", "[]\n    near: [data-structures/no-such/1]", "n"),
    ]);
  }, 120_000);

  it("refuses a must vector covering only a MAY, with file, line and pointer of its tier", () => {
    expect(of("must-over-may")).toEqual([expect.objectContaining({ code: "corpus.tier", pointer: "/vectors/0/tier", line: 7 })]);
    expect(of("must-over-may")[0]!.file).toMatch(/explicit-id\/extra\.yaml$/);
    expect(of("must-over-may")[0]!.message).toContain("config-spec/layout/1 is MAY");
  });

  it("refuses an observe vector covering a MUST the index does not mark as contradicted", () => {
    expect(of("observe-over-must")).toEqual([expect.objectContaining({ code: "corpus.tier", pointer: "/vectors/1/tier" })]);
    expect(of("observe-over-must")[0]!.message).toContain("data-structures/bundleid/3 (MUST)");
  });

  it("accepts the MUST moved to near, and refuses a vector that says nothing about what it covers", () => {
    expect(of("near-ok")).toEqual([]);
    expect(of("says-nothing")).toEqual([
      expect.objectContaining({ code: "corpus.tier", message: expect.stringContaining("says nothing about what it checks") }),
    ]);
  });

  it("an empty covers needs spec.note; near must name known statements", () => {
    expect(of("empty-no-note")).toEqual([
      expect.objectContaining({ code: "corpus.tier", pointer: "/vectors/4/covers", message: expect.stringContaining("spec.note") }),
    ]);
    expect(of("near-unknown")).toEqual([expect.objectContaining({ code: "corpus.unknown_requirement", pointer: "/vectors/5/near/0" })]);
  });
});

describe("tierFinding", () => {
  const index = new Map(
    [req("a/must/1", "MUST"), req("a/should/1", "SHOULD"), req("a/may/1", "MAY"), req("a/c/1", "MUST", "a/c/2"), req("a/c/2", "MUST")].map(
      (r) => [r.id, r] as const,
    ),
  );
  const finding = (tier: "must" | "should" | "observe", covers: string[] | undefined, note?: string, contested?: string) =>
    tierFinding({ tier, covers, note, contested }, index)?.message ?? "ok";

  it("should needs a SHOULD or a MUST", () => {
    expect(finding("should", ["a/should/1"])).toBe("ok");
    expect(finding("should", ["a/must/1"])).toBe("ok");
    expect(finding("should", ["a/may/1"])).toMatch(/covers no SHOULD or MUST/);
  });

  it("observe may cover MAY and contradicted statements (either side), never a firm SHOULD", () => {
    expect(finding("observe", ["a/may/1", "a/c/1", "a/c/2"])).toBe("ok");
    expect(finding("observe", ["a/should/1"])).toMatch(/a\/should\/1 \(SHOULD\)/);
  });

  it("a judged tier resting only on contradicted statements needs spec.contested, naming the other side", () => {
    expect(finding("must", ["a/c/1"])).toMatch(
      /every statement it rests on is contradicted in the index \(a\/c\/1 \(MUST\) against a\/c\/2\)/,
    );
    // the side that is named, not naming, finds its opponent too
    expect(finding("must", ["a/c/2"])).toMatch(/a\/c\/2 \(MUST\) against a\/c\/1/);
    expect(finding("should", ["a/c/1", "a/may/1"])).toMatch(/^tier should, but every statement it rests on is contradicted/);
    expect(finding("must", ["a/c/1"], undefined, "both readings reject this input")).toBe("ok");
    expect(finding("must", ["a/c/1"], undefined, "  ")).toMatch(/contradicted/);
  });

  it("one firm statement beside a contradicted one is enough ground", () => {
    expect(finding("must", ["a/c/1", "a/must/1"])).toBe("ok");
    expect(finding("should", ["a/c/1", "a/should/1"])).toBe("ok");
  });

  it("spec.contested on a vector covering no contradicted statement is refused", () => {
    expect(finding("must", ["a/must/1"], undefined, "both agree")).toMatch(/none of the statements it covers is marked as contradicted/);
  });

  it("a candidate awaiting review is left to its reviewer", () => {
    expect(finding("must", undefined, "awaits review: x")).toBe("ok");
    expect(finding("must", undefined, "reviewed")).toMatch(/says nothing/);
  });
});
