/**
 * One difference as a person reads it: identity-frame bytes as the field they fall in
 * (tlv-frame.ts), strings with the first differing code point made visible (U+XXXX) where the eye
 * cannot find it, verdicts as accepted vs rejected, and reason codes compared as codes.
 */
import type { Difference } from "../model/difference.ts";
import { describeFrameDifference } from "./tlv-frame.ts";

const HEX = /^([0-9a-f]{2})*$/;

/** Byte strings an operation answers, by pointer, with the layout that names their fields. */
const BYTE_LAYOUTS: Readonly<Record<string, Readonly<Record<string, (expected: string, actual: string) => string | undefined>>>> = {
  "bundle_id.identity_bytes": { "/hex": describeFrameDifference },
};

/** U+XXXX plus the character itself when it is visible. */
export function showCodePoint(cp: number | undefined): string {
  if (cp === undefined) return "(end)";
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  const char = String.fromCodePoint(cp);
  const invisible = /[\p{C}\p{Z}\p{M}]/u.test(char);
  return invisible ? hex : `${hex} '${char}'`;
}

function firstDifferingHexByte(expected: string, actual: string): string {
  let i = 0;
  while (i < expected.length && i < actual.length && expected.slice(i, i + 2) === actual.slice(i, i + 2)) i += 2;
  const at = (s: string) => (i < s.length ? `0x${s.slice(i, i + 2)}` : "(end)");
  return `bytes differ first at offset ${i / 2}: expected ${at(expected)}, got ${at(actual)} (lengths ${expected.length / 2} vs ${actual.length / 2})`;
}

function firstDifferingCodePoint(expected: string, actual: string): string {
  const e = [...expected].map((c) => c.codePointAt(0)!);
  const a = [...actual].map((c) => c.codePointAt(0)!);
  let i = 0;
  while (i < e.length && i < a.length && e[i] === a[i]) i++;
  return `first difference at code point ${i}: expected ${showCodePoint(e[i])}, got ${showCodePoint(a[i])}`;
}

/** Characters that do not print as themselves: controls, format characters, combining marks, spaces other than U+0020. */
const HIDDEN = /[\p{C}\p{M}\p{Z}]/u;
const LONG = 80;

/**
 * Whether the code point matters to a reader: the strings look alike (one holds a hidden character,
 * they are equal under NFKC, or they differ only where a non-ASCII character sits), or they are too
 * long to compare by eye. "inv2__x" against "inv__x" needs no U+0032.
 */
function needsCodePoint(expected: string, actual: string): boolean {
  const hidden = (s: string) => [...s].some((c) => c !== " " && HIDDEN.test(c));
  if (hidden(expected) || hidden(actual) || expected.normalize("NFKC") === actual.normalize("NFKC")) return true;
  const e = [...expected];
  const a = [...actual];
  if (e.length > LONG || a.length > LONG) return true;
  // Same length, every difference non-ASCII on one side: a look-alike (Cyrillic а for a, ー for -).
  return e.length === a.length && e.every((c, i) => c === a[i] || c.codePointAt(0)! > 0x7f || a[i]!.codePointAt(0)! > 0x7f);
}

/** A reason code as it reads (a non-string, which no code is, as JSON). */
function code(value: unknown): string {
  if (value === null || value === undefined) return "none";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** One difference in one line, not knowing the case's operation (a byte string is then told by offset). */
export function describeDifference(d: Difference): string {
  return describeIn(undefined, d);
}

/** One difference in one line of a case of `op`, whose byte strings are read by their layout. */
export function describeIn(op: string | undefined, d: Difference): string {
  const path = d.path || "/";
  if (d.absent === "actual") return `${path}: expected ${JSON.stringify(d.expected)}, but the answer has no such value`;
  if (d.absent === "expected") return `${path}: unexpected ${JSON.stringify(d.actual)}`;
  const base = `${path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`;
  // A reason is a code: which code came back is the whole story, a code-point diff only noise.
  if (path === "/reason" || path.endsWith("/reason")) return `${path}: expected reason ${code(d.expected)}, got ${code(d.actual)}`;
  if (typeof d.expected === "string" && typeof d.actual === "string") {
    if (HEX.test(d.expected) && HEX.test(d.actual) && path.endsWith("/hex")) {
      const layout = op === undefined ? undefined : BYTE_LAYOUTS[op]?.[path];
      const field = layout?.(d.expected, d.actual);
      return field ? `${path}: ${field}` : `${base}; ${firstDifferingHexByte(d.expected, d.actual)}`;
    }
    return needsCodePoint(d.expected, d.actual) ? `${base}; ${firstDifferingCodePoint(d.expected, d.actual)}` : base;
  }
  if (path === "/accepted") return `${path}: expected ${d.expected ? "accepted" : "rejected"}, got ${d.actual ? "accepted" : "rejected"}`;
  return base;
}
