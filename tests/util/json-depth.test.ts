/** The depth check on JSON text: the bracket-count shortcut never changes its answer. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonTextDeeperThan, valueDeeperThan } from "../../harness/util/json-depth.ts";

/** n arrays inside each other around `inner`. */
const nested = (n: number, inner = "0"): string => `${"[".repeat(n)}${inner}${"]".repeat(n)}`;

describe("jsonTextDeeperThan", () => {
  it("counts nesting, not brackets: a limit is reached at exactly limit levels", () => {
    expect(jsonTextDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonTextDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonTextDeeperThan(`[${"[],".repeat(10)}[]]`, 3)).toBe(false); // 11 brackets, 2 levels
    expect(jsonTextDeeperThan(`{"a":${nested(3, "{}")}}`, 4)).toBe(true); // objects count as levels too
  });

  it("skips brackets inside strings, escaped quotes included", () => {
    expect(jsonTextDeeperThan(JSON.stringify({ a: "[[[[[[" }), 2)).toBe(false);
    expect(jsonTextDeeperThan(JSON.stringify(['\\"[[[[[', "{{{{"]), 2)).toBe(false);
  });

  it("agrees with the parsed value's depth on any JSON text (many brackets or few)", () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.string({ maxLength: 4 }),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), (v, limit) => {
        expect(jsonTextDeeperThan(JSON.stringify(v), limit)).toBe(valueDeeperThan(v, limit));
      }),
      { seed: 20261130, numRuns: 3000 },
    );
  });
});
