import { describe, expect, it } from "vitest";
import { describeDifference, showCodePoint } from "../../harness/diff/describe.ts";

describe("describing differences", () => {
  it("TLV hex: the first differing byte offset", () => {
    expect(describeDifference({ path: "/hex", expected: "00000005737464696f", actual: "00000005737464696e" })).toContain(
      "bytes differ first at offset 8: expected 0x6f, got 0x6e (lengths 9 vs 9)",
    );
  });
  it("strings: the first differing code point, invisible ones as U+XXXX only", () => {
    expect(describeDifference({ path: "/normalized", expected: "a_b", actual: "a\u200Bb" })).toContain(
      "first difference at code point 1: expected U+005F '_', got U+200B",
    );
    expect(describeDifference({ path: "/x", expected: "e\u0301", actual: "é" })).toContain("expected U+0065 'e', got U+00E9 'é'");
    expect(describeDifference({ path: "/x", expected: "ab", actual: "a" })).toContain("expected U+0062 'b', got (end)");
  });
  it("verdicts: accepted vs rejected", () => {
    expect(describeDifference({ path: "/accepted", expected: false, actual: true })).toBe("/accepted: expected rejected, got accepted");
  });
  it("an astral character is one code point", () => {
    expect(showCodePoint(0x1f600)).toBe("U+1F600 '😀'");
  });
});
