/**
 * What a local SDK checkout is: its git commit (and whether the work tree has changes), the Python
 * project's version from pyproject.toml, the Rust crates under it. Read with plain file reads and
 * `git`, never by building anything, so the registry can pick expectations before any set-up runs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const NOT_A_GIT_CHECKOUT = "not a git checkout";

/** `<commit>`, `<commit>+dirty`, or NOT_A_GIT_CHECKOUT (no git, or the folder is in no repository). */
export function gitDescription(dir: string): string {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 20_000 });
  let commit: string;
  try {
    commit = git("rev-parse", "HEAD").trim();
  } catch {
    return NOT_A_GIT_CHECKOUT;
  }
  let dirty = false;
  try {
    dirty = git("status", "--porcelain", "--untracked-files=no").trim().length > 0;
  } catch {
    // A repository whose status cannot be read: report the commit alone.
  }
  return dirty ? `${commit}+dirty` : commit;
}

/** `[project] version = "…"` of a pyproject.toml; undefined when absent or dynamic. */
export function pyprojectVersion(dir: string): string | undefined {
  const file = join(dir, "pyproject.toml");
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, "utf8");
  const project = /^\[project\][^\S\n]*\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? "";
  return /^version\s*=\s*["']([^"']+)["']/m.exec(project)?.[1];
}

/** The `[project] name` of a pyproject.toml. */
export function pyprojectName(dir: string): string | undefined {
  const file = join(dir, "pyproject.toml");
  if (!existsSync(file)) return undefined;
  const project = /^\[project\][^\S\n]*\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(readFileSync(file, "utf8"))?.[1] ?? "";
  return /^name\s*=\s*["']([^"']+)["']/m.exec(project)?.[1];
}

export interface CargoPackage {
  readonly name: string;
  /** Undefined when the version is inherited from a workspace and the workspace gives none. */
  readonly version: string | undefined;
  readonly dir: string;
}

const SKIP = new Set(["target", "node_modules", ".git", ".venv", "__pycache__"]);

/** Every Cargo package (a Cargo.toml with a [package] table) in `dir` and up to `depth` folders below it. */
export function cargoPackages(dir: string, depth = 3): CargoPackage[] {
  const found: CargoPackage[] = [];
  const visit = (folder: string, level: number, workspaceVersion: string | undefined) => {
    const manifest = join(folder, "Cargo.toml");
    let inherited = workspaceVersion;
    if (existsSync(manifest)) {
      const text = readFileSync(manifest, "utf8");
      inherited = tableValue(text, "workspace.package", "version") ?? inherited;
      const name = tableValue(text, "package", "name");
      if (name) {
        const own = tableValue(text, "package", "version");
        found.push({ name, version: own ?? inherited, dir: folder });
      }
    }
    if (level >= depth) return;
    for (const entry of readdirSync(folder).sort()) {
      if (SKIP.has(entry) || entry.startsWith(".")) continue;
      const path = join(folder, entry);
      if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) visit(path, level + 1, inherited);
    }
  };
  visit(dir, 0, undefined);
  return found;
}

/** A string value `key = "…"` in the TOML table `[table]` (enough for Cargo's package name and version). */
function tableValue(text: string, table: string, key: string): string | undefined {
  const header = new RegExp(`^\\[${table.replace(".", "\\.")}\\][^\\S\\n]*\\n([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, "m");
  const body = header.exec(text)?.[1] ?? "";
  return new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m").exec(body)?.[1];
}
