// Selecting vectors: one filter syntax (glob over the whole id, or a substring), --tier, and an
// empty selection as a usage error naming what was empty, with a did-you-mean.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { filterMatcher, selectVectors } from "../../harness/corpus/select.ts";
import { closest, editDistance } from "../../harness/util/did-you-mean.ts";
import { UsageError } from "../../harness/util/usage-error.ts";

const corpus = loadCorpus();

describe("filter syntax", () => {
  it("without * or ? a substring; with them a glob over the whole id", () => {
    expect(filterMatcher("map-order")("tlv/map-order/x")).toBe(true);
    expect(filterMatcher("tlv/*")("tlv/map-order/x")).toBe(true);
    expect(filterMatcher("map-order/*")("tlv/map-order/x")).toBe(false);
    expect(filterMatcher("*map-order*")("tlv/map-order/x")).toBe(true);
    expect(filterMatcher("tlv/map-orde?/x")("tlv/map-order/x")).toBe(true);
    expect(filterMatcher("tlv/map-orde?/x")("tlv/map-orderr/x")).toBe(false);
    // Regex characters in a glob are literal.
    expect(filterMatcher("a.b*")("axb")).toBe(false);
    expect(filterMatcher("a.b*")("a.bc")).toBe(true);
  });

  it("selects by glob, substring and tier", () => {
    const glob = selectVectors(corpus, { filter: "tlv/*" });
    expect(glob.length).toBeGreaterThan(0);
    expect(glob.every((v) => v.id.startsWith("tlv/"))).toBe(true);
    const must = selectVectors(corpus, { suites: ["tlv"], tiers: ["must"] });
    expect(must.length).toBeGreaterThan(0);
    expect(must.every((v) => v.tier === "must" && v.suite === "tlv")).toBe(true);
  });
});

describe("an empty selection is a usage error", () => {
  it("a filter matching nothing names the filter and suggests words that match", () => {
    expect(() => selectVectors(corpus, { filter: "nothing-matches" })).toThrow(UsageError);
    expect(() => selectVectors(corpus, { filter: "nothing-matches" })).toThrow(/--filter "nothing-matches" matches none.*did you mean/);
  });

  it("a glob that would match as a substring says so", () => {
    expect(() => selectVectors(corpus, { filter: "map-order*" })).toThrow(/must match the whole id: try \*map-order\*/);
  });

  it("unknown suites and tiers get a did-you-mean", () => {
    expect(() => selectVectors(corpus, { suites: ["tvl"] })).toThrow(/unknown suite "tvl"; did you mean "tlv"\?/);
    expect(() => selectVectors(corpus, { tiers: ["shuold"] })).toThrow(/unknown tier "shuold"; did you mean "should"\?/);
  });

  it("ids asked for (--last-failed) that are all gone", () => {
    expect(() => selectVectors(corpus, { ids: ["gone/old/id"] })).toThrow(/nothing in the 1 ids asked for/);
  });
});

describe("did-you-mean", () => {
  it("edit distance and the closest names first", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(closest("pyhton", ["reference", "python", "rust"])).toEqual(["python"]);
    expect(closest("zzzzzz", ["reference", "python", "rust"])).toEqual([]);
  });
});
