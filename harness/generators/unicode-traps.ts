/**
 * The characters that break name, segment and sort rules, grouped by the bug each group exposes.
 * Data only; `strings.ts` turns them into weighted arbitraries. The first entry of each list is
 * its shrink target, so the simplest member comes first.
 */

/** ASCII letters and digits: kept as they are by every rule. */
export const ASCII_KEPT = ["a", "b", "x", "A", "Z", "0", "9"] as const;

/** The two separators bundle ids allow: `_` folds in names, `-` never does. */
export const KEPT_SEPARATORS = ["_", "-"] as const;

/** Runs that probe folding (`__` → `_`) and its absence for `-`. */
export const SEPARATOR_RUNS = ["__", "___", "--", "-_", "_-_", "-_-", "_-"] as const;

/** Printable ASCII outside `[A-Za-z0-9_-]`: each becomes `_`. `.` and `__` are also bundle_id rules. */
export const REPLACED_ASCII = [" ", ".", "/", ":", "@", "!", "(", ")", "+", "#", "$", "{", "}", "\\", "'", '"', "~"] as const;

/** Whitespace beyond the ASCII space, which `trim()`/`\s` may or may not treat as blank. */
export const WHITESPACE = ["\t", "\n", "\r", "\u000B", "\u00A0", "\u3000", "\u2028", "\u0085"] as const;

/** Invisible code points: one `_` each, though nothing shows. */
export const ZERO_WIDTH = ["\u200B", "\u200C", "\u200D", "\uFEFF", "\u2060", "\u00AD"] as const;

/** Control characters, NUL first (C strings and some JSON parsers stop there). */
export const CONTROL = ["\u0000", "\u001F", "\u007F", "\u0080"] as const;

/** CJK and other BMP scripts: one code point, three UTF-8 bytes. */
export const CJK = ["你", "好", "服", "务", "器", "の", "한"] as const;

/** Astral code points (two UTF-16 units each) and emoji sequences of several code points. */
export const ASTRAL = ["😀", "𝒜", "\u{20000}", "\u{10FFFF}", "🇨🇳", "👍🏽", "👨‍👩‍👧"] as const;

/** Bare combining marks: a code point of their own, no ASCII in them. */
export const COMBINING_MARKS = ["\u0301", "\u0308", "\u0303", "\u20DD"] as const;

/** Letters with a combining mark (one grapheme, two code points). */
export const COMBINED_LETTERS = ["e\u0301", "a\u0308", "n\u0303"] as const;

/** Composed / decomposed spellings of one letter; normalising either way changes the answer. */
export const NFC_NFD_PAIRS = [
  ["\u00E9", "e\u0301"],
  ["\u00C5", "A\u030A"],
  ["\u212B", "\u00C5"],
  ["\u00F1", "n\u0303"],
  ["\u00FC", "u\u0308"],
] as const;

/** Non-ASCII letters and digits that Unicode `\w`, `isalnum()`, case folding or NFKC map into ASCII. */
export const NON_ASCII_ALNUM = [
  "\u00E9",
  "\u00DF",
  "\u0663",
  "\u00B2",
  "\uFF21",
  "\u212A",
  "\u017F",
  "\u0130",
  "\u0131",
  "\uFB01",
  "\u00B5",
] as const;

/** Last and first code points of each UTF-8 length (1, 2, 3, 4 bytes): length-prefix traps. */
export const UTF8_LENGTH_STEPS = ["\u007F", "\u0080", "\u07FF", "\u0800", "\uFFFF", "\u{10000}"] as const;

/**
 * Code points where UTF-16 unit order and code point order disagree: U+E000..U+FFFF sort after
 * astral characters by UTF-16 unit (their high surrogate is 0xD800..0xDBFF), before them by code point.
 */
export const UTF16_ORDER_TRAPS = ["\uE000", "\uFF21", "\uFFFD", "\uFFFF", "\u{10000}", "\u{1F600}", "\u{10FFFF}"] as const;

/** Lone UTF-16 surrogates: not Unicode text; the kit refuses them as input.lone_surrogate. */
export const LONE_SURROGATES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF"] as const;
