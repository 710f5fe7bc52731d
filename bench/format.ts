/** Number formats shared by the tables and the target lines. */
import type { Spread } from "./stats.ts";

export const count = (n: number): string => Math.round(n).toLocaleString("en-US");
export const ratio = (n: number): string => (n >= 100 ? count(n) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
export const ms = (n: number): string => (n >= 100 ? count(n) : n.toFixed(1));
export const seconds = (milliseconds: number): string => (milliseconds / 1000).toFixed(milliseconds >= 10_000 ? 1 : 2);
export const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

/** "median (min–max)" in the given format; the median alone for a single sample. */
export function withRange(s: Spread, format: (n: number) => string): string {
  return s.samples.length > 1 ? `${format(s.median)} (${format(s.min)}–${format(s.max)})` : format(s.median);
}
