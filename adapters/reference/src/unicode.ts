/**
 * Unicode helpers that avoid JavaScript's UTF-16 traps: iterate by code point, compare by code
 * point (= UTF-8 byte order), measure in UTF-8 bytes, and refuse lone surrogates.
 */
import { InvalidInputError } from "./errors.ts";

const encoder = new TextEncoder();

/** The string's code points, in order (an astral character is one element, not two). */
export function codePoints(text: string): number[] {
  const points: number[] = [];
  for (const char of text) points.push(char.codePointAt(0)!);
  return points;
}

/** True when `text` holds no lone surrogate, i.e. it is valid Unicode and has a UTF-8 encoding. */
export function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Throws `input.lone_surrogate` naming `what` when `text` is not valid Unicode. */
export function requireWellFormed(text: string, what: string): string {
  if (!isWellFormed(text)) {
    throw new InvalidInputError("input.lone_surrogate", `${what} contains a lone UTF-16 surrogate`);
  }
  return text;
}

/** UTF-8 bytes of a well-formed string (TextEncoder would silently turn a lone surrogate into U+FFFD). */
export function utf8(text: string, what = "string"): Uint8Array {
  return encoder.encode(requireWellFormed(text, what));
}

/**
 * Orders strings by code point, which equals UTF-8 byte order. Default `sort()` compares UTF-16
 * code units and puts U+E000..U+FFFF after astral characters; `localeCompare` is locale order.
 * Units are compared directly up to the first difference; only a surrogate there needs code points.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (isSurrogate(x) || isSurrogate(y)) return compareFrom(a, b, i);
    return x - y;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/**
 * Code point order from the first differing unit `at` (the units before it are equal). A low
 * surrogate there may complete a pair begun at `at - 1`, so the comparison starts one unit earlier.
 */
function compareFrom(a: string, b: string, at: number): number {
  const start = at > 0 && isSurrogate(a.charCodeAt(at - 1)) ? at - 1 : at;
  const left = a.slice(start)[Symbol.iterator]();
  const right = b.slice(start)[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const diff = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (diff !== 0) return diff;
  }
}
