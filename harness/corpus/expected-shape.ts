/**
 * What a vector's tier asks of its expected value, said in words: the vector-file schema holds the
 * rule (an observe vector pins no answer; a must or should vector pins exactly one of `expected` and
 * `expected_error`), but ajv reports it as `must NOT be valid at /vectors/19`. The schema errors a
 * broken rule produces at a vector are replaced by one line naming what is wrong and what to do.
 */
import type { ErrorObject } from "ajv";

/** The keywords the tier rule's if/then/else fails with, at the vector itself. */
const RULE_KEYWORDS = new Set(["not", "oneOf", "anyOf"]);
const EXPECTED_KEYS = ["expected", "expected_error"] as const;

export interface TierShapeProblem {
  readonly pointer: string;
  readonly message: string;
}

/** The problem with a vector's expected value given its tier, or undefined when the shape is right. */
export function tierShapeProblem(vector: unknown, at: string): TierShapeProblem | undefined {
  if (!vector || typeof vector !== "object") return undefined;
  const v = vector as Record<string, unknown>;
  const present = EXPECTED_KEYS.filter((k) => Object.hasOwn(v, k));
  if (v["tier"] === "observe" && present.length > 0)
    return {
      pointer: `${at}/${present[0]}`,
      message: `tier observe carries ${present.join(" and ")}: an observe vector records what implementations answer and pins no answer; remove ${present.join(" and ")}, or give it tier must or should with the statement that decides it in covers`,
    };
  if ((v["tier"] === "must" || v["tier"] === "should") && present.length === 0)
    return {
      pointer: `${at}/tier`,
      message: `tier ${v["tier"]} has no expected value: add expected (the output the spec requires) or expected_error (the error's reason), or make it tier observe if the spec does not decide the case`,
    };
  if ((v["tier"] === "must" || v["tier"] === "should") && present.length === 2)
    return {
      pointer: `${at}/expected_error`,
      message: `tier ${v["tier"]} has both expected and expected_error: a case has one answer; keep the one the spec requires`,
    };
  return undefined;
}

/**
 * The schema errors with the tier rule's raw ones replaced by its one-line problem, per vector.
 * Errors of other keywords (a wrong type, an unknown property) are kept as they are.
 */
export function explainTierShape(
  data: unknown,
  errors: readonly ErrorObject[],
): { readonly errors: ErrorObject[]; readonly problems: TierShapeProblem[] } {
  const vectors = (data as { vectors?: unknown } | null)?.vectors;
  if (!Array.isArray(vectors)) return { errors: [...errors], problems: [] };
  const explained = new Map<string, TierShapeProblem>();
  for (const e of errors) {
    const match = /^\/vectors\/(\d+)$/.exec(e.instancePath);
    if (!match || explained.has(e.instancePath)) continue;
    const problem = tierShapeProblem(vectors[Number(match[1])], e.instancePath);
    if (problem) explained.set(e.instancePath, problem);
  }
  const kept = errors.filter(
    (e) =>
      !explained.has(e.instancePath) ||
      !(
        RULE_KEYWORDS.has(e.keyword) ||
        (e.keyword === "required" && (EXPECTED_KEYS as readonly string[]).includes(String(e.params["missingProperty"])))
      ),
  );
  return { errors: kept, problems: [...explained.values()] };
}
