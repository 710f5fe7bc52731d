// The report's disagreements, as the builder keeps them case by case (by vector position, the first
// answer let go once every implementation gave it), against a plain reading of the whole case list:
// per vector, the distinct answers and who gave each.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerGroups } from "../../harness/model/facts.ts";
import type { CaseRecord, Disagreement } from "../../harness/model/report.ts";
import type { Tier } from "../../harness/model/vector.ts";
import { canonicalJson } from "../../harness/util/canonical-json.ts";

const ORDER = ["s/v/0", "s/v/1", "s/v/2", "s/v/3"];
const IMPLS = ["reference", "python", "rust"];
type Added = Pick<CaseRecord, "vector_id" | "tier" | "implementation" | "op" | "result" | "compared">;

/** One case per vector and implementation (as in a run), in any order; an answer, or a crash (no answer). */
const runCases = fc
  .uniqueArray(
    fc.record({
      vector_id: fc.constantFrom(...ORDER, "x/extra/1", "x/extra/2"),
      implementation: fc.constantFrom(...IMPLS),
      tier: fc.constantFrom<Tier>("must", "should", "observe"),
      answer: fc.option(fc.constantFrom("a", "b", "c"), { nil: undefined }),
    }),
    { selector: (c) => `${c.vector_id} ${c.implementation}`, maxLength: 18 },
  )
  .map((cases) =>
    cases.map(
      ({ answer, ...c }): Added => ({
        ...c,
        op: "bundle_id.validate",
        ...(answer === undefined
          ? { result: { kind: "crash", message: "x" } }
          : { result: { kind: "ok", output: {} }, compared: { answer } }),
      }),
    ),
  );

/** The plain reading: vectors in the order given, then others as first seen; answers grouped, ranked by implementation. */
function plainDisagreements(cases: readonly Added[]): Disagreement[] {
  const rank = (name: string) => IMPLS.indexOf(name);
  const ids = [...ORDER];
  for (const c of cases) if (!ids.includes(c.vector_id)) ids.push(c.vector_id);
  const out: Disagreement[] = [];
  for (const id of ids) {
    const mine = cases.filter((c) => c.vector_id === id);
    const groups = new Map<string, string[]>();
    for (const c of mine) {
      if (c.compared === undefined) continue;
      const key = canonicalJson(c.compared);
      groups.set(key, [...(groups.get(key) ?? []), c.implementation]);
    }
    if (groups.size < 2) continue;
    const listed = [...groups].map(([answer, names]) => ({ answer, implementations: [...names].sort((a, b) => rank(a) - rank(b)) }));
    listed.sort((a, b) => rank(a.implementations[0]!) - rank(b.implementations[0]!));
    out.push({ vector_id: id, tier: mine.at(-1)!.tier, groups: listed });
  }
  return out;
}

describe("answer groups", () => {
  it("give the disagreements the whole case list gives, whether or not they know how many implementations answer", () => {
    fc.assert(
      fc.property(runCases, (cases) => {
        const expected = plainDisagreements(cases);
        for (const counted of [undefined, IMPLS.length]) {
          const groups = new AnswerGroups(ORDER, counted);
          for (const c of cases) groups.add(c);
          expect(groups.disagreements(IMPLS)).toEqual(expected);
        }
      }),
      { numRuns: 500 },
    );
  });
});
