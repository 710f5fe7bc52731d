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
