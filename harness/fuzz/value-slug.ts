/**
 * Values in slug words, so a generated id says its distinguishing feature: `absent`, `null`,
 * `minus-1`, `list-a`, `t-alias-1`, `upper-stdio`, `a-whitespace`. Two values that differ only in
 * case or in a character a slug cannot hold read differently (`upper-stdio` / `capitalised-stdio`).
 */
import { ABSENT } from "../generators/objects.ts";
import { slugify, trapsOf } from "./probe.ts";

/** A string in slug characters, its case and dropped characters said in words. */
function stringSlug(text: string): string {
  if (text === "") return "empty";
  // A string that reads as another JSON type ("30", "true", "null") says it is a string.
  if (/^(-?\d+(\.\d+)?|true|false|null)$/i.test(text)) return `string-${text.toLowerCase().replace(/^-/, "minus-")}`;
  const letters = text.replace(/[^A-Za-z]/g, "");
  const casing =
    letters === "" || letters === letters.toLowerCase()
      ? ""
      : letters === letters.toUpperCase()
        ? /\d/.test(text)
          ? "" // upper case with digits is a designator form (PT30S), not a casing fault
          : "upper-"
        : /^[A-Z][^A-Z]*$/.test(letters)
          ? "capitalised-"
          : "mixed-case-";
  const kept = text
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "");
  const traps = trapsOf(text)
    .map((t) => t.tag)
    .filter((tag) => tag !== "empty" && !(tag === "double-underscore" && kept.includes("__")));
  const rest = traps.length === 0 && /[^A-Za-z0-9._ -]/.test(text) ? ["symbol"] : traps;
  return [`${casing}${kept}`.replace(/-$/, ""), ...rest].filter((p) => p !== "").join("-") || "text";
}

export function valueSlug(value: unknown): string {
  if (value === ABSENT || value === undefined) return "absent";
  if (value === null) return "null";
  if (typeof value === "number") return String(value).replace(/^-/, "minus-").replace("e+", "e");
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string") return stringSlug(value);
  if (Array.isArray(value))
    return value.length === 0 ? "empty-list" : `list-${valueSlug(value[0])}${value.length > 1 ? `-and-${value.length - 1}-more` : ""}`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "empty-object";
  const [key, inner] = entries[0]!;
  return `${slugify(key) || "key"}-${valueSlug(inner)}${entries.length > 1 ? "-and-more" : ""}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first place (in `a`'s key order) where `a` differs from `b`: its key and `a`'s value there. */
export function firstDifference(a: unknown, b: unknown, key = ""): { key: string; value: unknown } | undefined {
  if (isRecord(a) && isRecord(b)) {
    for (const [k, v] of Object.entries(a)) {
      const d = Object.hasOwn(b, k) ? firstDifference(v, b[k], k) : { key: k, value: v };
      if (d) return d;
    }
    const gone = Object.keys(b).find((k) => !Object.hasOwn(a, k));
    return gone === undefined ? undefined : { key: gone, value: ABSENT };
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (const [i, v] of a.entries()) {
      const d = firstDifference(v, b[i], key);
      if (d) return d;
    }
    return undefined;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : { key, value: a };
}
