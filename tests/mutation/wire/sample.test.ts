/** The wire campaign's draw: fixed by its seed, spread as sample.ts says, skipping what does not compile. */
import { describe, expect, it } from "vitest";
import { allocate, drawSample, sampleQuotas, shuffled } from "./sample.ts";

const mutants = [
  ...Array.from({ length: 90 }, (_, i) => ({ file: "c/a.ts", role: "computer", id: `a${i}` })),
  ...Array.from({ length: 9 }, (_, i) => ({ file: "c/b.ts", role: "computer", id: `b${i}` })),
  ...Array.from({ length: 25 }, (_, i) => ({ file: "s/c.ts", role: "server", id: `c${i}` })),
];

describe("the wire mutation sample", () => {
  it("draws the same mutants for the same seed, and others for another", () => {
    const ids = (seed: string) => drawSample(mutants, 12, seed, () => undefined).drawn.map((m) => m.id);
    expect(ids("s1")).toEqual(ids("s1"));
    expect(ids("s1")).not.toEqual(ids("s2"));
    expect(shuffled([1, 2, 3, 4, 5], "x")).toEqual(shuffled([1, 2, 3, 4, 5], "x"));
  });

  it("splits over roles by the square root of their size, over files in proportion with one at least", () => {
    // sqrt(99) ≈ 9.95 and sqrt(25) = 5 of 12: computer 8, server 4; computer's 8 over 90 and 9 mutants: 7 and 1.
    expect(sampleQuotas(mutants, 12)).toEqual({ "c/a.ts": 7, "c/b.ts": 1, "s/c.ts": 4 });
    expect(allocate(5, { x: { population: 2, weight: 100 }, y: { population: 10, weight: 1 } })).toEqual({ x: 2, y: 3 });
  });

  it("skips a mutant that does not compile and takes the file's next one instead", () => {
    const all = drawSample(mutants, 12, "s1", () => undefined);
    const first = all.drawn[0]!;
    const without = drawSample(mutants, 12, "s1", (m) => (m === first ? "TS2322" : undefined));
    expect(without.drawn).toHaveLength(12);
    expect(without.drawn).not.toContain(first);
    expect(without.skipped).toEqual([{ mutant: first, why: "TS2322" }]);
  });
});
