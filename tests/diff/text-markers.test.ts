import { describe, expect, it } from "vitest";
import { diffExpected } from "../../harness/diff/compare.ts";

describe("text markers in an expected value", () => {
  it("$includes: every text must occur; an absent value holds none", () => {
    const expected = { accepted: false, detail: { $includes: ["label", "value"] } };
    expect(diffExpected(expected, { accepted: false, detail: "use {label, value} options" })).toEqual([]);
    expect(diffExpected(expected, { accepted: false, detail: "use label only" })).toHaveLength(1);
    expect(diffExpected(expected, { accepted: false })).toEqual([{ path: "/detail", expected: expected.detail, absent: "actual" }]);
  });

  it("$excludes: no text may occur; an absent value passes; a non-string is read as JSON text", () => {
    const expected = { detail: { $excludes: ["sk-live"] } };
    expect(diffExpected(expected, { detail: "missing field command" })).toEqual([]);
    expect(diffExpected(expected, {})).toEqual([]);
    expect(diffExpected(expected, { detail: "input_value={'env': {'K': 'sk-live-1'}}" })).toHaveLength(1);
    expect(diffExpected(expected, { detail: { env: { K: "sk-live-1" } } })).toHaveLength(1);
  });
});
