/** The bundle_id default derivation's name normalisation (data-structures.md §BundleID 缺省生成). */
import { requireWellFormed } from "./unicode.ts";

const UNDERSCORE = 0x5f;
const HYPHEN = 0x2d;

/** ASCII [A-Za-z0-9-]: kept as is (`_` is kept too, but folds like a replaced character). */
function keptAsIs(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === HYPHEN;
}

/**
 * Per code point: outside ASCII `[A-Za-z0-9_-]` becomes `_`; runs of `_` fold to one (`-` never
 * folds); leading and trailing `_`/`-` are trimmed; case is kept. Walks UTF-16 units: both units of
 * an astral character become `_`, which folds to the one `_` its code point gives.
 */
export function normalizeName(name: string): string {
  requireWellFormed(name, "name");
  let out = "";
  let runStart = 0; // start of the current run of kept units, copied in one slice
  let underscore = false; // the output so far ends in `_`
  for (let i = 0; i < name.length; i++) {
    if (keptAsIs(name.charCodeAt(i))) continue;
    if (i > runStart) {
      out += name.slice(runStart, i);
      underscore = false;
    }
    if (!underscore) out += "_";
    underscore = true;
    runStart = i + 1;
  }
  if (runStart < name.length) out += runStart === 0 ? name : name.slice(runStart);
  return trimEnds(out);
}

/** Without leading and trailing `_` / `-`. */
function trimEnds(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isTrimmed(text.charCodeAt(start))) start++;
  while (end > start && isTrimmed(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isTrimmed(unit: number): boolean {
  return unit === UNDERSCORE || unit === HYPHEN;
}
