/** String-keyed maps whose keys are chosen to expose sort-order and key-handling bugs. */
import fc, { type Arbitrary } from "fast-check";
import { trickyString } from "./strings.ts";
import * as traps from "./unicode-traps.ts";

/** Keys JavaScript objects treat specially; leaving them out keeps every sample plain JSON. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export const isSafeKey = (key: string): boolean => !FORBIDDEN_KEYS.has(key);

/**
 * Keys whose order differs by code point, by locale or case-insensitively: "B" < "a" by code
 * point but not by locale; "a" < "a-" < "a_"; "" first; keys equal up to case or NFC.
 */
export const SORT_KEY_TRAPS: readonly string[] = ["", "a", "A", "B", "a-", "a_", "a.", "PATH", "Path", "\u00E9", "e\u0301"];

/**
 * A map key: a sort trap, a UTF-16 order trap (so maps often hold both sides), a UTF-8 length
 * step, or tricky text.
 */
export function trickyKey(): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SORT_KEY_TRAPS) },
    { weight: 3, arbitrary: fc.constantFrom(...traps.UTF16_ORDER_TRAPS) },
    { weight: 1, arbitrary: fc.constantFrom(...traps.UTF8_LENGTH_STEPS) },
    { weight: 2, arbitrary: trickyString({ maxLength: 4 }) },
  );
}

export interface MapOptions {
  readonly minKeys?: number;
  readonly maxKeys?: number;
}

/**
 * A plain object from distinct keys in generation order (so a permutation of the same entries is
 * reachable); shrinks by dropping entries, then shrinking keys and values.
 */
export function plainMap<T>(
  key: Arbitrary<string>,
  value: Arbitrary<T>,
  { minKeys = 0, maxKeys = 5 }: MapOptions = {},
): Arbitrary<Record<string, T>> {
  return fc
    .uniqueArray(fc.tuple(key.filter(isSafeKey), value), { selector: ([k]) => k, minLength: minKeys, maxLength: maxKeys })
    .map((entries) => Object.fromEntries(entries));
}

/** Keys that only a correct sort orders right, to plant together in one map. */
export const KEY_GROUPS: readonly (readonly string[])[] = [
  ["a", "A"],
  ["PATH", "Path"],
  ["\uFF21", "\u{1F600}"],
  ["\uE000", "\u{10000}"],
  ["a", "a-", "a_"],
  ["B", "a"],
  ["\u00E9", "e\u0301"],
  ["", "a"],
];

/**
 * A map (env, headers, …) keyed by sort traps and tricky text; a quarter start from a planted
 * key group (case pair, UTF-16 vs code point pair, …). Shrinks towards an unplanted map.
 */
export function mapWithTrickyKeys<T>(value: Arbitrary<T>, options: MapOptions = {}): Arbitrary<Record<string, T>> {
  const free = plainMap(trickyKey(), value, options);
  const planted = fc
    .tuple(fc.constantFrom(...KEY_GROUPS), fc.array(value, { minLength: 3, maxLength: 3 }), free)
    .map(([group, values, rest]) => ({ ...Object.fromEntries(group.map((key, i) => [key, values[i]!])), ...rest }));
  return fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: free }, { weight: 1, arbitrary: planted });
}
