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
    expect(describeDifference({ path: "/x", expected: "ab", actual: "ab\u00A0" })).toContain("expected (end), got U+00A0");
  });
  it("strings: the code point only where the eye cannot find the difference", () => {
    // Visible ASCII: the two strings say it all.
    expect(describeDifference({ path: "/x", expected: "inv2__get_inventory", actual: "inv__get_inventory" })).toBe(
      '/x: expected "inv2__get_inventory", got "inv__get_inventory"',
    );
    expect(describeDifference({ path: "/x", expected: "ab", actual: "a" })).toBe('/x: expected "ab", got "a"');
    // A look-alike (Cyrillic а for Latin a), a fullwidth form, a long string: the code point is kept.
    expect(describeDifference({ path: "/x", expected: "data", actual: "d\u0430ta" })).toContain("expected U+0061 'a', got U+0430 'а'");
    expect(describeDifference({ path: "/x", expected: "A1", actual: "\uFF211" })).toContain("code point 0");
    expect(describeDifference({ path: "/x", expected: `${"x".repeat(90)}a`, actual: `${"x".repeat(90)}b` })).toContain("code point 90");
  });
  it("verdicts: accepted vs rejected", () => {
    expect(describeDifference({ path: "/accepted", expected: false, actual: true })).toBe("/accepted: expected rejected, got accepted");
  });
  it("an astral character is one code point", () => {
    expect(showCodePoint(0x1f600)).toBe("U+1F600 '😀'");
  });
});
