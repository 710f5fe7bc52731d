/** Known implementations by name, as `--impl` selects them. Later issues add python and rust. */
import { referenceInProcess } from "./reference-in-process.ts";
import type { Implementation } from "./types.ts";

export const KNOWN_IMPLEMENTATIONS: Readonly<Record<string, () => Implementation>> = {
  reference: referenceInProcess,
};

export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function selectImplementations(names: readonly string[]): Implementation[] {
  const unknown = names.filter((n) => !Object.hasOwn(KNOWN_IMPLEMENTATIONS, n));
  if (unknown.length > 0) {
    throw new UsageError(`unknown implementation ${unknown.map((n) => `"${n}"`).join(", ")} (known: ${Object.keys(KNOWN_IMPLEMENTATIONS).join(", ")})`);
  }
  return [...new Set(names)].map((n) => KNOWN_IMPLEMENTATIONS[n]!());
}
