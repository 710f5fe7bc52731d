/**
 * JSON objects with optional keys, built so the result is always plain JSON: absent keys are
 * left out (never `undefined`), no null prototypes, constants are fresh copies per sample.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";

/** Marks a key to leave out of the object (JSON has no `undefined`). */
export const ABSENT: unique symbol = Symbol("absent");
export type Absent = typeof ABSENT;
export type Field = Json | Absent;

/**
 * A value or no key at all; `presence` is the share of samples with the key (in tenths, 1..9).
 * Shrinking may drop the key (cross-shrink towards the absent branch).
 */
export function maybe<T extends Json>(value: Arbitrary<T>, presence = 5): Arbitrary<T | Absent> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 10 - presence, arbitrary: fc.constant(ABSENT) },
    { weight: presence, arbitrary: value },
  );
}

/** A JSON object from a model of field arbitraries, keys in model order, ABSENT fields omitted. */
export function objectOf(model: Readonly<Record<string, Arbitrary<Field>>>): Arbitrary<JsonObject> {
  return fc.record(model, { noNullPrototype: true }).map(dropAbsent);
}

export function dropAbsent(fields: Readonly<Record<string, Field>>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(fields)) if (value !== ABSENT) out[key] = value;
  return out;
}

/** One of some JSON constants, deep-copied so no two samples share a mutable object. */
export function constantJson<T extends Json>(...values: T[]): Arbitrary<T> {
  return fc.constantFrom(...values).map((value) => structuredClone(value));
}

/** A change at a path inside a JSON object: set a value there, or remove the key (ABSENT). */
export interface Patch {
  readonly path: readonly string[];
  readonly value: Field;
}

/** A copy of `target` with the patch applied; the objects along the path are copied, not shared. */
export function applyPatch(target: JsonObject, { path, value }: Patch): JsonObject {
  const [key, ...rest] = path;
  if (key === undefined) throw new Error("a patch needs a non-empty path");
  const out = { ...target };
  if (rest.length > 0) {
    const inner = out[key];
    out[key] = applyPatch(inner !== null && typeof inner === "object" && !Array.isArray(inner) ? inner : {}, { path: rest, value });
  } else if (value === ABSENT) {
    delete out[key];
  } else {
    out[key] = structuredClone(value);
  }
  return out;
}
