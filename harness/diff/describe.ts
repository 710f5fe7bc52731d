/**
 * Human-readable differences: TLV hex with the first differing byte offset, strings with the first
 * differing code point made visible (U+XXXX, so invisible and look-alike characters show), and
 * verdicts as accepted vs rejected, and reason codes compared as codes (expected X, got Y).
 */
import type { Difference } from "../model/difference.ts";

const HEX = /^([0-9a-f]{2})*$/;

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

/** A reason code as it reads (a non-string, which no code is, as JSON). */
function code(value: unknown): string {
  if (value === null || value === undefined) return "none";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function describeDifference(d: Difference): string {
  const path = d.path || "/";
  if (d.absent === "actual") return `${path}: expected ${JSON.stringify(d.expected)}, but the answer has no such value`;
  if (d.absent === "expected") return `${path}: unexpected ${JSON.stringify(d.actual)}`;
  const base = `${path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`;
  // A reason is a code: which code came back is the whole story, a code-point diff only noise.
  if (path === "/reason" || path.endsWith("/reason")) return `${path}: expected reason ${code(d.expected)}, got ${code(d.actual)}`;
  if (typeof d.expected === "string" && typeof d.actual === "string") {
    const both = HEX.test(d.expected) && HEX.test(d.actual) && path.endsWith("/hex");
    return `${base}; ${both ? firstDifferingHexByte(d.expected, d.actual) : firstDifferingCodePoint(d.expected, d.actual)}`;
  }
  if (path === "/accepted") return `${path}: expected ${d.expected ? "accepted" : "rejected"}, got ${d.actual ? "accepted" : "rejected"}`;
  return base;
}
