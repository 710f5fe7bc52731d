/**
 * The commit of the kit a report was made with, when the kit runs from a git checkout (an
 * installed package has none: absent). Read once per process, with a time bound, never failing.
 */
import { execFileSync } from "node:child_process";
import { KIT_ROOT } from "./kit-files.ts";

let cached: { readonly commit: string; readonly dirty: boolean } | null | undefined;

function git(args: readonly string[]): string {
  return execFileSync("git", ["-C", KIT_ROOT, ...args], { encoding: "utf8", timeout: 2_000, stdio: ["ignore", "pipe", "ignore"] });
}

/** The commit checked out and whether tracked files differ from it; null outside a git checkout. */
export function kitCommit(): { readonly commit: string; readonly dirty: boolean } | null {
  if (cached !== undefined) return cached;
  try {
    const commit = git(["rev-parse", "HEAD"]).trim();
    const dirty = git(["status", "--porcelain", "--untracked-files=no"]).trim() !== "";
    cached = /^[0-9a-f]{40,64}$/.test(commit) ? { commit, dirty } : null;
  } catch {
    cached = null;
  }
  return cached;
}
