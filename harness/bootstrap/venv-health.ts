/**
 * Whether a cached virtual environment can still run. A venv's `bin/python` links to the
 * interpreter it was made from; a CI cache restored onto a runner whose Python moved (a new
 * setup-python patch release, another tool-cache path) keeps the venv but not that interpreter, and
 * every case then crashed with `spawn …/bin/python ENOENT`.
 */
import { existsSync, lstatSync, readFileSync, readlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Why the venv in `dir` cannot run, or undefined when its interpreter is there. */
export function brokenVenv(dir: string): string | undefined {
  const python = join(dir, "bin", "python");
  if (existsSync(python)) return undefined; // follows the link: false when its target is gone
  let target = python;
  try {
    // Follow the chain (python → python3.11 → the interpreter) to the link whose target is gone.
    for (let hops = 0; hops < 8 && lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink(); hops++)
      target = resolve(dirname(target), readlinkSync(target));
  } catch {
    return `${python} is missing`;
  }
  if (target === python) return `${python} is missing`;
  const home = /^home\s*=\s*(.+)$/m.exec(readIfThere(join(dir, "pyvenv.cfg")))?.[1]?.trim();
  return `its interpreter ${target}${home ? ` (made from ${home})` : ""} is gone`;
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
