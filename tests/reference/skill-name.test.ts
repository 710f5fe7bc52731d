// Properties of the reference's SKILL name lexer (skill.md §1.4): strict-kebab segments make a
// user, marketplace or (behind the literal mcp and a valid bundle_id) mcp name by their count; one
// foreign character in any kebab segment, or a count outside 1-3, makes the name invalid (4016).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";

const RUNS = { seed: 20_261_207, numRuns: 500 };
const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const kebab = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join("-"));
const bundleId = fc.stringMatching(/^[A-Za-z0-9-]{1,10}(?:_[A-Za-z0-9-]{1,4})?$/);

describe("lexSkillName", () => {
  it("gives the form by segment count", () => {
    fc.assert(
      fc.property(kebab, kebab, bundleId, (a, b, server) => {
        expect(ref.lexSkillName(a)).toEqual({ accepted: true, kind: "user" });
        expect(ref.lexSkillName(`${a}:${b}`)).toEqual({ accepted: true, kind: "marketplace" });
        expect(ref.lexSkillName(`mcp:${server}:${b}`)).toEqual({ accepted: true, kind: "mcp" });
        expect(ref.lexSkillName(`${a}:${server}:${b}`).accepted).toBe(a === "mcp");
        expect(ref.lexSkillName(`${a}:${b}:${a}:${b}`).accepted).toBe(false);
      }),
      RUNS,
    );
  });

  it("refuses a name once any kebab segment takes a foreign character", () => {
    const foreign = fc.constantFrom("A", "_", ".", " ", "\n", "é", "--");
    fc.assert(
      fc.property(kebab, kebab, foreign, fc.nat(), fc.constantFrom(0, 1, 2), (a, b, c, at, form) => {
        const bent = a.slice(0, at % (a.length + 1)) + c + a.slice(at % (a.length + 1));
        const name = [bent, `${bent}:${b}`, `mcp:srv:${bent}`][form]!;
        expect(ref.lexSkillName(name).accepted).toBe(false);
      }),
      RUNS,
    );
  });

  it("bounds kebab segments at 64 characters, not the bundle_id <server>", () => {
    expect(ref.lexSkillName("k".repeat(64)).accepted).toBe(true);
    expect(ref.lexSkillName("k".repeat(65)).accepted).toBe(false);
    expect(ref.lexSkillName(`mcp:${"S".repeat(200)}:audit`).accepted).toBe(true);
    for (const server of ["", "a.b", "a__b", "a b"]) expect(ref.lexSkillName(`mcp:${server}:audit`).accepted, server).toBe(false);
  });
});
