/**
 * The parts in which several answers differ, for a reader who cannot see whole answers: a long
 * answer clipped to its first characters can hide the one field where it differs from the others
 * (two wire answers agreeing on their first 160 characters read as the same question twice).
 */

import { diffValues } from "../diff/compare.ts";
import { keyOfToken } from "../util/json-pointer.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON pointers (RFC 6901) of every place where some answer differs from the first ("/" for the root). */
export function differingPointers(values: readonly Json[]): string[] {
  const [first, ...rest] = values;
  return [...new Set(rest.flatMap((v) => diffValues(first, v).map((d) => d.path || "/")))].sort();
}

function valueAt(value: Json, pointer: string): Json | undefined {
  if (pointer === "/") return value;
  let here: Json | undefined = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = keyOfToken(raw);
    here = typeof here === "object" && here !== null ? (here as Record<string, Json>)[key] : undefined;
  }
  return here;
}

/**
 * Each answer (canonical JSON) as only its differing parts, `/a/b = value; …`, when the answers
 * parse and differ somewhere; undefined otherwise (the caller shows them whole).
 */
export function differingParts(answers: readonly string[]): string[] | undefined {
  let values: Json[];
  try {
    values = answers.map((a) => JSON.parse(a) as Json);
  } catch {
    return undefined;
  }
  const pointers = differingPointers(values);
  if (pointers.length === 0 || pointers.includes("/")) return undefined;
  return values.map((v) =>
    pointers
      .map((p) => {
        const at = valueAt(v, p);
        return `${p} = ${at === undefined ? "(absent)" : JSON.stringify(at)}`;
      })
      .join("; "),
  );
}
