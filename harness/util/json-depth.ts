/**
 * Nesting depth of JSON, bounded: the code that walks values (diffs, canonical JSON, the report
 * writer) recurses, so a value nested thousands deep would overflow its stack. Adapter lines, corpus
 * values and reports are checked against a limit before anything walks them.
 */

/** The deepest nesting any value the kit handles may have (a vector's input or expected value, an answer's output). */
export const MAX_VALUE_DEPTH = 64;

/** Whether JSON text nests `[` / `{` deeper than `limit`, scanned without parsing (strings skipped). */
export function jsonTextDeeperThan(text: string, limit: number): boolean {
  // Nesting deeper than `limit` needs more than `limit` opening brackets: counting them with the
  // native indexOf settles almost every line (an answer holds a handful) without the scan below.
  if (openingBracketsAtMost(text, limit)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function openingBracketsAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (let i = text.indexOf("{"); i !== -1; i = text.indexOf("{", i + 1)) if (++count > limit) return false;
  for (let i = text.indexOf("["); i !== -1; i = text.indexOf("[", i + 1)) if (++count > limit) return false;
  return true;
}

/** Whether a value nests arrays / objects deeper than `limit` (iterative: safe on any depth). */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}
