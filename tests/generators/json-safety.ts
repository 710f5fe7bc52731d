/** Where a value would not survive a JSON round trip unchanged, or null when it would. */
import { FORBIDDEN_KEYS } from "../../harness/generators/index.ts";

export function jsonSafetyProblem(value: unknown, at = ""): string | null {
  if (value === null || typeof value === "boolean" || typeof value === "string") return null;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0) ? null : `${at}: ${value} is not JSON-safe`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return `${at}/${i}: hole in array`;
      const problem = jsonSafetyProblem(value[i], `${at}/${i}`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value !== "object") return `${at}: ${typeof value} is not JSON`;
  if (Object.getPrototypeOf(value) !== Object.prototype) return `${at}: not a plain object`;
  for (const [key, inner] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) return `${at}: forbidden key ${JSON.stringify(key)}`;
    const problem = jsonSafetyProblem(inner, `${at}/${key}`);
    if (problem) return problem;
  }
  return Object.getOwnPropertySymbols(value).length > 0 ? `${at}: symbol keys` : null;
}
