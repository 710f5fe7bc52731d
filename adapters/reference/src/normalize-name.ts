/** The bundle_id default derivation's name normalisation (data-structures.md §BundleID 缺省生成). */
import { requireWellFormed } from "./unicode.ts";

const ALLOWED = /^[A-Za-z0-9_-]$/;

/**
 * Per code point: outside ASCII `[A-Za-z0-9_-]` becomes `_`; runs of `_` fold to one (`-` never
 * folds); leading and trailing `_`/`-` are trimmed; case is kept.
 */
export function normalizeName(name: string): string {
  requireWellFormed(name, "name");
  let out = "";
  for (const char of name) {
    const mapped = ALLOWED.test(char) ? char : "_";
    if (mapped === "_" && out.endsWith("_")) continue;
    out += mapped;
  }
  return out.replace(/^[_-]+|[_-]+$/g, "");
}
