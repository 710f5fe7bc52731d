/** Explicit bundle_id values: valid ones near the edges, and each way of breaking the rules. */
import fc, { type Arbitrary } from "fast-check";
import type { Json } from "../../adapters/reference/src/index.ts";
import { constantJson } from "./objects.ts";
import { rarelyLoneSurrogate, trapUnit } from "./strings.ts";

const VALID_CHUNK = fc.constantFrom("a", "A", "z", "0", "9", "x", "-", "_", "srv", "Hub");

/**
 * A valid explicit bundle_id (`[A-Za-z0-9_-]+`, no `__`): single separators, leading and
 * trailing `-`/`_`, `--`, mixed case, and ids that look like hash fallbacks.
 */
export function validBundleId(): Arbitrary<string> {
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom("a", "-", "_", "--", "-_-", "a-b", "a_b", "x--y", "_a_", "My_Server", "bundle_0123456789abcdef"),
    },
    { weight: 3, arbitrary: fc.array(VALID_CHUNK, { minLength: 1, maxLength: 6 }).map((chunks) => chunks.join("").replace(/_+/g, "_")) },
  );
}

/** Strings each breaking the explicit-id rules, some breaking several (the first in order decides). */
export const INVALID_BUNDLE_ID_STRINGS = [
  "",
  ".",
  "a.b",
  "__",
  "a__b",
  "___",
  "a b",
  "a.b__c",
  "a__b c",
  "a\n",
  "\u00E9",
  "a\u200B",
  "\uFF21",
  "a😀",
  "a/b",
  "a:b",
  "a\u0000",
] as const;

/** True when a unit makes any id containing it invalid, whatever surrounds it. */
const breaksBundleId = (unit: string): boolean => /[^A-Za-z0-9_-]/.test(unit) || unit.includes("__");

/** An invalid explicit bundle_id string: a known trap, or a valid id with one bad unit spliced in. */
export function invalidBundleId(): Arbitrary<string> {
  const spliced = fc
    .tuple(validBundleId(), trapUnit().filter(breaksBundleId), validBundleId())
    .map(([head, bad, tail]) => head + bad + tail);
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...INVALID_BUNDLE_ID_STRINGS) }, { weight: 1, arbitrary: spliced });
}

/** JSON values that are not strings, for `bundle_id.not_string`. */
export function nonStringBundleId(): Arbitrary<Json> {
  return constantJson<Json>(null, 5, 0, 1.5, true, false, [], ["a"], {}, { id: "a" });
}

/** Any explicit bundle_id value: valid, invalid string, not a string, rarely a lone surrogate. */
export function bundleIdValue(): Arbitrary<Json> {
  return fc.oneof(
    { weight: 4, arbitrary: validBundleId() },
    { weight: 4, arbitrary: rarelyLoneSurrogate(invalidBundleId(), 20) },
    { weight: 1, arbitrary: nonStringBundleId() },
  );
}
