/**
 * The parts in which several answers differ, for a reader who cannot see whole answers: a long
 * answer clipped to its first characters can hide the one field where it differs from the others
 * (two wire answers agreeing on their first 160 characters read as the same question twice).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON pointers (RFC 6901) of the deepest places where the values are not all equal. */
export function differingPointers(values: readonly Json[], at = ""): string[] {
  const first = values[0];
  if (values.every((v) => JSON.stringify(v) === JSON.stringify(first))) return [];
  const objects = values.every((v) => typeof v === "object" && v !== null && !Array.isArray(v));
  const arrays = values.every((v) => Array.isArray(v)) && values.every((v) => (v as Json[]).length === (first as Json[]).length);
  if (!objects && !arrays) return [at === "" ? "/" : at];
  const keys = objects ? [...new Set(values.flatMap((v) => Object.keys(v as object)))].sort() : (first as Json[]).map((_, i) => String(i));
  return keys.flatMap((k) =>
    differingPointers(
      values.map((v) => ((v as Record<string, Json>)[k] === undefined ? null : (v as Record<string, Json>)[k]!)),
      `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`,
    ),
  );
}

function valueAt(value: Json, pointer: string): Json | undefined {
  if (pointer === "/") return value;
  let here: Json | undefined = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
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
