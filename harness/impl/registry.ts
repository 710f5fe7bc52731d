/**
 * Implementations by name, as `--impl` selects them, plus user adapters given as
 * `--adapter name='command args…'`. Later issues add python and rust.
 */
import { minimalEnv } from "../driver/adapter-env.ts";
import { SubprocessImplementation, type DriverOptions } from "../driver/subprocess-implementation.ts";
import { referenceInProcess } from "./reference-in-process.ts";
import { referenceSubprocess } from "./reference-subprocess.ts";
import type { Implementation } from "./types.ts";

type Factory = (options: Partial<DriverOptions>) => Implementation;

export const KNOWN_IMPLEMENTATIONS: Readonly<Record<string, Factory>> = {
  reference: () => referenceInProcess(),
  "reference-subprocess": (options) => referenceSubprocess(options),
};

export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function selectImplementations(names: readonly string[], options: Partial<DriverOptions> = {}): Implementation[] {
  const unknown = names.filter((n) => !Object.hasOwn(KNOWN_IMPLEMENTATIONS, n));
  if (unknown.length > 0) {
    throw new UsageError(`unknown implementation ${unknown.map((n) => `"${n}"`).join(", ")} (known: ${Object.keys(KNOWN_IMPLEMENTATIONS).join(", ")})`);
  }
  return [...new Set(names)].map((n) => KNOWN_IMPLEMENTATIONS[n]!(options));
}

/** `name=command arg…`: split on whitespace, with single or double quotes grouping. */
export function parseAdapterSpec(spec: string, options: Partial<DriverOptions> = {}): Implementation {
  const eq = spec.indexOf("=");
  const name = eq > 0 ? spec.slice(0, eq).trim() : "";
  if (!/^[A-Za-z0-9][A-Za-z0-9._@-]*$/.test(name)) throw new UsageError(`--adapter needs name=command, got ${JSON.stringify(spec)}`);
  const words = splitWords(spec.slice(eq + 1));
  if (words.length === 0) throw new UsageError(`--adapter ${name}: the command is empty`);
  return new SubprocessImplementation(name, { file: words[0]!, args: words.slice(1), env: minimalEnv() }, options);
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}
