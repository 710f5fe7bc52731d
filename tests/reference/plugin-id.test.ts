// Properties of the reference's plugin id check (runtime-contract.md §5 item 3, the kit's kebab
// reading): two kebab parts joined by '@' pass; one foreign character anywhere, or a second '@', fails.
import fc from "fast-check";
import { describe, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";

const RUNS = { seed: 20_261_130, numRuns: 1000 };
const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const kebab = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join("-"));

describe("validatePluginId", () => {
  it("accepts kebab@kebab", () => {
    fc.assert(
      fc.property(kebab, kebab, (p, m) => ref.validatePluginId(`${p}@${m}`).accepted),
      RUNS,
    );
  });

  it("refuses the id once any character outside [a-z0-9-] is inserted into a part", () => {
    const foreign = fc.constantFrom("A", "_", ".", " ", "\n", "/", "@", "é", "中", ":");
    fc.assert(
      fc.property(kebab, kebab, foreign, fc.nat(), fc.boolean(), (p, m, c, at, left) => {
        const part = left ? p : m;
        const bent = part.slice(0, at % (part.length + 1)) + c + part.slice(at % (part.length + 1));
        return !ref.validatePluginId(left ? `${bent}@${m}` : `${p}@${bent}`).accepted;
      }),
      RUNS,
    );
  });
});
