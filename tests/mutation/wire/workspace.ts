/**
 * A copy of the repository that mutants are written into, so the worktree's files are never
 * changed: the tree without node_modules (a symlink to the worktree's instead), git data, reports
 * or build output. One copy per worker, reused: its path stays the same, so tsx's compile cache
 * serves every file but the mutated one, and each mutant is undone before the next is written.
 */
import { cpSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** Top-level paths not copied: dependencies (linked), history, outputs and SDK build products. */
const LEFT_OUT = new Set(["node_modules", ".git", "reports", "dist", ".scratch", "adapters/python/.venv", "adapters/rust/target"]);

export interface Workspace {
  readonly dir: string;
  /** Runs `body` with `file` holding `text`, then puts the original back, whatever `body` did. */
  withFile<T>(file: string, text: string, body: () => Promise<T>): Promise<T>;
}

export function createWorkspace(root: string, dir: string): Workspace {
  const from = resolve(root);
  mkdirSync(dir, { recursive: true });
  cpSync(from, dir, { recursive: true, filter: (source) => !LEFT_OUT.has(relative(from, source)) });
  symlinkSync(realpathSync(join(from, "node_modules")), join(dir, "node_modules"));
  return {
    dir,
    async withFile(file, text, body) {
      const path = join(dir, file);
      const original = readFileSync(join(from, file), "utf8");
      // A leftover from a killed campaign would make every later mutant a double mutant.
      if (readFileSync(path, "utf8") !== original) throw new Error(`${path} differs from the worktree's before the mutant is written`);
      writeFileSync(path, text);
      try {
        return await body();
      } finally {
        writeFileSync(path, original);
      }
    },
  };
}
