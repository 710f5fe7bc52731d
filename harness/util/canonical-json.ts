/** Canonical JSON (keys sorted by code point, no spaces) and its sha256, for content hashes. */
import { createHash } from "node:crypto";

/**
 * Code point order, not UTF-16 unit order (U+FF21 before U+10000). The harness keeps its own copy
 * rather than the reference's: the reference is what mutation testing mutates, and a content
 * hash must not change with it.
 */
export function byCodePoint(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  for (let i = 0; i < end; ) {
    // The prefixes before i are equal, so both strings are at the start of a code point here.
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => byCodePoint(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function contentHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
