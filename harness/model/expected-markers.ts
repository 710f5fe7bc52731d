/**
 * `{"$one_of": [A, B, …]}` in a vector's expected value: the answer is one of the alternatives, for
 * a case where the spec gives a choice (two codes for one refusal, two forms of one rejection).
 * Defined here, below the differ and the narrowing of partial facts, which both read it.
 */

export interface OneOfMarker {
  readonly $one_of: readonly unknown[];
}

/** Whether `value` is `{"$one_of": [alternatives]}` and nothing beside it. */
export function isOneOfMarker(value: unknown): value is OneOfMarker {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    Array.isArray((value as { $one_of?: unknown }).$one_of)
  );
}

/**
 * `{"$includes": [texts]}` / `{"$excludes": [texts]}` in a vector's expected value: the answer is
 * text that holds every one of them / none of them, for statements about what an SDK's own message
 * says (a validation error naming the field, never quoting a secret). An absent value holds nothing:
 * it fails `$includes` and passes `$excludes`; a non-string value is read as its JSON text.
 */
export interface TextMarker {
  readonly $includes?: readonly string[];
  readonly $excludes?: readonly string[];
}

/** Whether `value` is `{"$includes": [strings]}` or `{"$excludes": [strings]}` and nothing beside it. */
export function isTextMarker(value: unknown): value is TextMarker {
  if (typeof value !== "object" || value === null || Array.isArray(value) || Object.keys(value).length !== 1) return false;
  const texts = (value as TextMarker).$includes ?? (value as TextMarker).$excludes;
  return Array.isArray(texts) && texts.length > 0 && texts.every((t) => typeof t === "string" && t !== "");
}
