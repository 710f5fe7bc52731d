import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SchemaRegistry } from "../../harness/corpus/schema-registry.ts";
import { fuzzableOps, OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { OP_DEFINITIONS } from "../../harness/model/operations.ts";
import { jsonSafetyProblem } from "./json-safety.ts";

/** Operations that are a function of their input (transport ops need a live server; bench.loop is kit-internal). */
const schemaOps = OP_DEFINITIONS.filter((d) => d.kind === "pure").map((d) => d.op);
const registry = new SchemaRegistry();
/** Operations whose input has no field (e.g. sdk.protocol_version): one input is all there is to sample. */
const constantInput = new Set(OP_DEFINITIONS.filter((d) => d.kind === "pure" && isEmptyObjectSchema(d.input)).map((d) => d.op));

function isEmptyObjectSchema(schema: Record<string, unknown>): boolean {
  const properties = schema["properties"];
  return (
    schema["additionalProperties"] === false &&
    typeof properties === "object" &&
    properties !== null &&
    Object.keys(properties).length === 0
  );
}

describe("OP_ARBITRARIES", () => {
  it("has one arbitrary per pure op of vectors/_schema/ops/, and fuzzableOps lists them sorted", () => {
    expect(fuzzableOps()).toEqual([...schemaOps].sort());
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

    it.skipIf(constantInput.has(op))("replays: the same seed gives the same samples, another seed others", () => {
      expect(fc.sample(arbitrary, { seed: 7, numRuns: 300 })).toStrictEqual(samples);
      expect(fc.sample(arbitrary, { seed: 8, numRuns: 300 })).not.toStrictEqual(samples);
    });

    it.skipIf(constantInput.has(op))("varies: at least a third of the samples are distinct", () => {
      expect(new Set(samples.map((s) => JSON.stringify(s))).size).toBeGreaterThan(100);
    });
  });
});
