/** String-keyed maps whose keys are chosen to expose sort-order and key-handling bugs. */
import fc, { type Arbitrary } from "fast-check";
import { trickyString } from "./strings.ts";
import * as traps from "./unicode-traps.ts";

/** Keys JavaScript objects treat specially; leaving them out keeps every sample plain JSON. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export const isSafeKey = (key: string): boolean => !FORBIDDEN_KEYS.has(key);

/**
 * Key pairs that sort differently by UTF-16 unit, by code point, by locale or case-insensitively:
 * "\uFF21" < "\u{1F600}" by code point but not by UTF-16 unit; "B" < "a" by code point but not by
 * locale; "a" < "a-" < "a_"; "" first; keys equal up to case or NFC; UTF-8 length steps.
 */
export const SORT_KEY_TRAPS: readonly string[] = [
  "",
  "a",
  "A",
  "b",
  "B",
  "a-",
  "a_",
  "a.",
  "aa",
  "a0",
  "_",
  "-",
  "PATH",
  "Path",
  "path",
  "\u00E9",
  "e\u0301",
  ...traps.SORT_TRAPS,
];

/** A map key: mostly a sort trap, otherwise tricky text. */
export function trickyKey(): Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SORT_KEY_TRAPS) }, { weight: 2, arbitrary: trickyString({ maxLength: 4 }) });
}

export interface MapOptions {
  readonly minKeys?: number;
  readonly maxKeys?: number;
}

/**
 * A plain object from distinct keys in generation order (so a permutation of the same entries is
 * reachable); shrinks by dropping entries, then shrinking keys and values.
 */
export function plainMap<T>(key: Arbitrary<string>, value: Arbitrary<T>, { minKeys = 0, maxKeys = 5 }: MapOptions = {}): Arbitrary<Record<string, T>> {
  return fc
    .uniqueArray(fc.tuple(key.filter(isSafeKey), value), { selector: ([k]) => k, minLength: minKeys, maxLength: maxKeys })
    .map((entries) => Object.fromEntries(entries));
}

/** A map (env, headers, …) keyed by sort traps and tricky text. */
export function mapWithTrickyKeys<T>(value: Arbitrary<T>, options: MapOptions = {}): Arbitrary<Record<string, T>> {
  return plainMap(trickyKey(), value, options);
}
