/** Boundary-biased text: weighted mixes of the trap characters with some random code points. */
import fc, { type Arbitrary } from "fast-check";
import * as traps from "./unicode-traps.ts";

export interface TextOptions {
  readonly minLength?: number;
  /** In units (a trap entry or one random code point), not UTF-16 code units. */
  readonly maxLength?: number;
}

const pick = (values: readonly string[]): Arbitrary<string> => fc.constantFrom(...values);

/** Any single code point except a lone surrogate (fast-check's "binary" unit). */
export const anyCodePoint = (): Arbitrary<string> => fc.string({ unit: "binary", minLength: 1, maxLength: 1 });

/**
 * One unit of tricky text: mostly ASCII letters and separators (so names stay name-like), then
 * every trap group, then a random code point. Never a lone surrogate.
 */
export function trapUnit(): Arbitrary<string> {
  return fc.oneof(
    { weight: 30, arbitrary: pick(traps.ASCII_KEPT) },
    { weight: 10, arbitrary: pick(traps.KEPT_SEPARATORS) },
    { weight: 4, arbitrary: pick(traps.SEPARATOR_RUNS) },
    { weight: 8, arbitrary: pick(traps.REPLACED_ASCII) },
    { weight: 4, arbitrary: pick(traps.WHITESPACE) },
    { weight: 3, arbitrary: pick(traps.ZERO_WIDTH) },
    { weight: 1, arbitrary: pick(traps.CONTROL) },
    { weight: 4, arbitrary: pick(traps.CJK) },
    { weight: 4, arbitrary: pick(traps.ASTRAL) },
    { weight: 2, arbitrary: pick(traps.COMBINING_MARKS) },
    { weight: 2, arbitrary: pick(traps.COMBINED_LETTERS) },
    { weight: 2, arbitrary: pick(traps.NFC_NFD_PAIRS.flat()) },
    { weight: 4, arbitrary: pick(traps.NON_ASCII_ALNUM) },
    { weight: 1, arbitrary: pick(traps.UTF8_LENGTH_STEPS) },
    { weight: 1, arbitrary: pick(traps.UTF16_ORDER_TRAPS) },
    { weight: 5, arbitrary: anyCodePoint() },
  );
}

/** Units with no ASCII letter or digit: text made of them normalises to an empty name. */
export function blankingUnit(): Arbitrary<string> {
  return pick([
    ...traps.KEPT_SEPARATORS,
    ...traps.SEPARATOR_RUNS,
    ...traps.REPLACED_ASCII,
    ...traps.WHITESPACE,
    ...traps.ZERO_WIDTH,
    ...traps.CJK,
    ...traps.ASTRAL,
    ...traps.COMBINING_MARKS,
    ...traps.NON_ASCII_ALNUM,
  ]);
}

/** Text of trap units; shrinks towards "" and then towards "a". */
export function trickyString({ minLength = 0, maxLength = 8 }: TextOptions = {}): Arbitrary<string> {
  return fc.string({ unit: trapUnit(), minLength, maxLength });
}

/** Plain ASCII words with the allowed separators: the realistic part of the space. */
export function asciiWord({ minLength = 0, maxLength = 8 }: TextOptions = {}): Arbitrary<string> {
  return fc.string({ unit: pick([...traps.ASCII_KEPT, "c", "q", "s", "z", "1", "_", "-"]), minLength, maxLength });
}

/**
 * A tricky string with one lone surrogate inside. Well-formed neighbours cannot pair with it:
 * they never end in an unpaired high surrogate nor start with a low one.
 */
export function withLoneSurrogate(): Arbitrary<string> {
  return fc
    .tuple(trickyString({ maxLength: 3 }), pick(traps.LONE_SURROGATES), trickyString({ maxLength: 3 }))
    .map(([before, lone, after]) => before + lone + after);
}

/**
 * `text`, but about once in `rarity + 1` draws a string carrying a lone surrogate, which every
 * implementation must refuse rather than mangle.
 */
export function rarelyLoneSurrogate(text: Arbitrary<string>, rarity = 60): Arbitrary<string> {
  return fc.oneof({ weight: rarity, arbitrary: text }, { weight: 1, arbitrary: withLoneSurrogate() });
}
