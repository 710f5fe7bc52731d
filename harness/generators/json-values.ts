/** JSON values that survive a JSON round trip unchanged: no -0, NaN, Infinity or undefined. */
import fc, { type Arbitrary } from "fast-check";
import type { Json } from "../../adapters/reference/src/index.ts";
import { plainMap } from "./maps.ts";
import { trickyString } from "./strings.ts";

/**
 * Numbers whose JSON text differs between languages (1e21, 1e-7, 0.1, 30.0 written as 30, 2^53+1
 * rounded): where "write a non-string as JSON text" can diverge.
 */
export const NUMBER_TRAPS = [0, 1, -1, 0.5, 0.1, 1.5, 30, 1e21, 1e-7, 123456789.123, 2 ** 53, 2 ** 53 + 2] as const;

/** An integer or a number-format trap; never -0. */
export function jsonNumber(): Arbitrary<number> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }).map((n) => (n === 0 ? 0 : n)) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBER_TRAPS) },
  );
}

/** null, a boolean, a number, or a string from `text` (tricky text by default). */
export function jsonScalar(text: Arbitrary<string> = trickyString({ maxLength: 6 })): Arbitrary<Json> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 2, arbitrary: jsonNumber() },
    { weight: 4, arbitrary: text },
  );
}

/** A scalar, or one level of array / object of scalars (keys from `key`). */
export function jsonValue(text?: Arbitrary<string>, key: Arbitrary<string> = trickyString({ maxLength: 3 })): Arbitrary<Json> {
  const scalar = jsonScalar(text);
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: plainMap(key, scalar, { maxKeys: 3 }) },
  );
}
