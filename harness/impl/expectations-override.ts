/**
 * `--expectations <impl>=<file>` (repeatable): the caller's known-gaps file for one selected
 * implementation, in place of the kit's (or where the kit has none: `--adapter` programs, local
 * checkouts). An SDK repository keeps its own file and gates on it exactly as the kit gates on its
 * own: an unlisted failure, a stale entry or an entry naming no vector fails the run.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../util/usage-error.ts";
import type { Selected } from "./registry.ts";

/**
 * Applies each `name=file` to the selection. The name is matched against the selected names (the
 * longest that fits), so names and paths may themselves hold `=`. A name that is not selected, a
 * name given twice and a missing file are usage errors.
 */
export function withExpectationFiles(selected: readonly Selected[], specs: readonly string[]): Selected[] {
  const selectedNames = selected.map((s) => s.implementation.name);
  const names = [...selectedNames].sort((a, b) => b.length - a.length);
  const files = new Map<string, string>();
  for (const spec of specs) {
    const name = names.find((n) => spec.startsWith(`${n}=`));
    if (name === undefined) {
      const eq = spec.indexOf("=");
      if (eq <= 0) throw new UsageError(`--expectations needs <implementation>=<file>, got ${JSON.stringify(spec)}`);
      throw new UsageError(
        `--expectations ${spec}: no selected implementation is named ${JSON.stringify(spec.slice(0, eq))} (selected: ${selectedNames.join(", ") || "none"})`,
      );
    }
    if (files.has(name)) throw new UsageError(`--expectations: ${name} is given two files`);
    const file = resolve(spec.slice(name.length + 1));
    if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--expectations ${name}: no such file ${file}`);
    files.set(name, file);
  }
  return selected.map((s) => {
    const file = files.get(s.implementation.name);
    return file === undefined ? s : { ...s, expectationsFile: file };
  });
}
