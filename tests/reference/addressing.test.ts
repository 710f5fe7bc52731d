// Properties of the reference's resolve_target (sdk-api-guidance.md §5.1), over generated search
// spaces: what runs is always in the search space, an ambiguity lists only name hits none of which
// is the token, and start/stop stop short exactly on declared-only servers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";

const RUNS = { seed: 20_261_130, numRuns: 1000 };
type Input = { token: string; entries: ref.SearchEntry[]; verb?: ref.LifecycleVerb };
const inputs = gen.addressingInput().map((i) => i as unknown as Input);

describe("resolveTarget", () => {
  it("runs only servers of the search space, and the unique display-name hit when there is one", () => {
    fc.assert(
      fc.property(inputs, ({ token, entries, verb }) => {
        try {
          const answer = ref.resolveTarget(token, entries, verb);
          const entry = entries.find((e) => e.bundle_id === answer.bundle_id);
          expect(entry).toBeDefined();
          const hits = entries.filter((e) => e.name === token);
          if (hits.length === 1) expect(answer.bundle_id).toBe(hits[0]!.bundle_id);
          const stops = (verb === "start" || verb === "stop") && !entry!.mounted;
          expect(answer.outcome).toBe(stops ? "not_mounted" : "execute");
        } catch (error) {
          if (!(error instanceof ref.InvalidInputError)) throw error;
          expect(["addressing.ambiguous", "addressing.not_found"]).toContain(error.reason);
        }
      }),
      RUNS,
    );
  });

  it("an ambiguity lists at least two name hits, none with the token as bundle_id, sorted by bundle_id", () => {
    fc.assert(
      fc.property(inputs, ({ token, entries, verb }) => {
        try {
          ref.resolveTarget(token, entries, verb);
        } catch (error) {
          if (!(error instanceof ref.InvalidInputError) || error.reason !== "addressing.ambiguous") return;
          const candidates = error.details!["candidates"] as Array<{ bundle_id: string; name: string }>;
          expect(candidates.length).toBeGreaterThanOrEqual(2);
          expect(candidates.every((c) => c.name === token && c.bundle_id !== token)).toBe(true);
          const ids = candidates.map((c) => c.bundle_id);
          expect(ids).toEqual([...ids].sort());
        }
      }),
      RUNS,
    );
  });
});
