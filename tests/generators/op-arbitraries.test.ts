// Every op arbitrary: covers the schema's ops, yields schema-valid JSON-safe inputs, replays by seed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SchemaRegistry, SHARED_SCHEMA_DIR } from "../../harness/corpus/schema-registry.ts";
import { fuzzableOps, OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { jsonSafetyProblem } from "./json-safety.ts";

/** Needs a live HTTP server, not an input value. */
const NOT_FUZZABLE = ["transport.auth_error"];
type Definition = { input?: unknown; description?: string };
const definitions = JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, "ops.schema.json"), "utf8")).definitions as Record<string, Definition>;
/** Operations of the corpus: definitions with an input, less kit-internal ones (bench.loop). */
const schemaOps = Object.keys(definitions).filter(
  (name) => definitions[name]!.input !== undefined && !definitions[name]!.description?.startsWith("kit-internal"),
);
const registry = new SchemaRegistry();

describe("OP_ARBITRARIES", () => {
  it("has one arbitrary per op of ops.schema.json except transport.auth_error, and fuzzableOps lists them sorted", () => {
    expect(fuzzableOps()).toEqual(schemaOps.filter((op) => !NOT_FUZZABLE.includes(op)).sort());
  });

  describe.each(fuzzableOps())("%s", (op) => {
    const arbitrary = OP_ARBITRARIES[op]!;
    const samples = fc.sample(arbitrary, { seed: 7, numRuns: 300 });

    it("validates against the op's input schema", () => {
      const validate = registry.validator(`smcp-conformance:ops#/definitions/${op}/input`);
      const failures = samples.flatMap((input) => (validate(input) ? [] : [{ input, errors: validate.errors }]));
      expect(failures.slice(0, 2)).toEqual([]);
    });

    it("survives a JSON round trip unchanged (no undefined, -0, NaN, odd prototypes or keys)", () => {
      for (const input of samples) {
        expect(jsonSafetyProblem(input)).toBeNull();
        expect(JSON.parse(JSON.stringify(input))).toStrictEqual(input);
      }
    });

    it("replays: the same seed gives the same samples, another seed others", () => {
      expect(fc.sample(arbitrary, { seed: 7, numRuns: 300 })).toStrictEqual(samples);
      expect(fc.sample(arbitrary, { seed: 8, numRuns: 300 })).not.toStrictEqual(samples);
    });

    it("varies: at least a third of the samples are distinct", () => {
      expect(new Set(samples.map((s) => JSON.stringify(s))).size).toBeGreaterThan(100);
    });
  });
});
