/** Input definitions for validation: valid, observe-tier edges and single faults, or any mix. */
import fc, { type Arbitrary } from "fast-check";
import type { Json } from "../../adapters/reference/src/index.ts";
import { type ValidityOption, withOnePatch } from "./faults.ts";
import { faultyInputDefinition } from "./input-faults.ts";
import { commandInput, pickStringInput, promptStringInput, validInputDefinition } from "./inputs.ts";
import type { Patch } from "./objects.ts";

/** Accepted by the kit's reading, unsettled upstream: unknown fields, another type's fields, empty id. */
const EDGES: readonly Patch[] = [
  { path: ["placeholder"], value: "host name" },
  { path: ["id"], value: "" },
  { path: ["options"], value: [{ label: "a", value: "a" }] },
  { path: ["password"], value: true },
];

/** A valid definition with one observe-tier edge (a pickString's options edge is a no-op). */
export function edgeInputDefinition(): Arbitrary<Json> {
  return fc.oneof(
    withOnePatch(promptStringInput(), EDGES),
    withOnePatch(commandInput(), EDGES),
    withOnePatch(pickStringInput(), EDGES.slice(0, 2)),
  );
}

/**
 * An input definition as JSON: `valid: true` → accepted; `valid: false` → one broken field (or
 * not an object); absent → mostly valid, some edges, about 40% invalid.
 */
export function inputDefinition({ valid }: ValidityOption = {}): Arbitrary<Json> {
  const invalid = faultyInputDefinition().map((faulty) => faulty.value);
  if (valid === true) return validInputDefinition();
  if (valid === false) return invalid;
  return fc.oneof(
    { weight: 5, arbitrary: validInputDefinition() },
    { weight: 1, arbitrary: edgeInputDefinition() },
    { weight: 4, arbitrary: invalid },
  );
}
