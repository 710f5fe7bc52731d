/** The harness's code point order agrees with the reference's, lone surrogates included, without importing it at run time. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareCodePoints } from "../../adapters/reference/src/index.ts";
import { byCodePoint, canonicalJson } from "../../harness/util/canonical-json.ts";

describe("canonical JSON", () => {
  it("orders keys by code point: U+FF21 before U+10000, which UTF-16 unit order reverses", () => {
    expect(canonicalJson({ "\u{10000}": 1, "\uFF21": 2, a: 3 })).toBe('{"a":3,"Ａ":2,"𐀀":1}');
  });

  it("agrees in sign with the reference's compareCodePoints on any strings", () => {
    const s = fc.string({ unit: "binary", maxLength: 6 });
    fc.assert(
      fc.property(s, s, (a, b) => {
        expect(Math.sign(byCodePoint(a, b))).toBe(Math.sign(compareCodePoints(a, b)));
      }),
      { seed: 20261130, numRuns: 5000 },
    );
  });
});
