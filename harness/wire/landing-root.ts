/**
 * The landing root a wire case may give the Computer under test (blob-transfer §landing root): an
 * empty folder the harness creates per case under the OS temp folder. After the case the harness
 * lists what the Computer wrote there (path, size, sha256), keeps that list as evidence and removes
 * the folder, so client:put_blob verdicts rest on the bytes that really landed.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, realpath, rm, rmdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";

/** One file found under the landing root after the case; `path` is relative, with `/` separators. */
export interface LandedFile {
  readonly path: string;
  readonly size: number;
  /** Hex sha256 of the content; null when the file is larger than the hashing budget. */
  readonly sha256: string | null;
}

export interface LandingEvidence {
  /** The absolute (real) path the Computer was given. */
  readonly root: string;
  readonly files: readonly LandedFile[];
  /** Entries left out once the listing budget was spent. */
  readonly left_out: number;
  /** A script made the root read-only (lock_landing): whether a write probe was then refused. Absent: never asked. */
  readonly read_only?: boolean;
}

const MAX_FILES = 256;
const MAX_HASHED_BYTES = 16 * 1024 * 1024;

/** A fresh, empty landing root (real path: macOS's /var → /private/var would otherwise break "inside the root"). */
export async function makeLandingRoot(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), "smcp-landing-")));
}

/** Roots a script made read-only: whether the lock held, and whether the immutable attribute was set (to clear it again). */
const locks = new Map<string, { readonly held: boolean; readonly immutable: boolean }>();

/**
 * Makes the root read-only mid-case (a `lock_landing` step): no entry can then be made or renamed
 * in it, while files already open or in subfolders (an upload's staging) stay writable. Its mode
 * loses write; a process whose privileges pass modes by (root, as in most containers) is stopped by
 * the immutable attribute instead, which binds root too. Resolves whether a probe entry was refused:
 * the evidence says so, so a machine where neither binds shows as that, never as a Computer's fault.
 */
export async function lockLandingRoot(root: string): Promise<boolean> {
  await chmod(root, 0o555);
  let immutable = false;
  if (await writable(root)) immutable = await chattr("+i", root);
  const held = !(await writable(root));
  locks.set(root, { held, immutable });
  return held;
}

let lockProbe: Promise<boolean> | undefined;

/**
 * Whether this machine can make a landing root read-only to the kit's own user at all, tried once
 * per process on a scratch folder like a case's. Where neither the mode nor the immutable attribute
 * binds (root without chattr, a filesystem without the attribute), a case that locks its root
 * cannot show anything about the Computer: it is not applicable here, never failed.
 */
export function landingLockHolds(): Promise<boolean> {
  lockProbe ??= (async () => {
    const root = await makeLandingRoot();
    try {
      return await lockLandingRoot(root);
    } finally {
      await unlock(root);
      locks.delete(root);
      await rm(root, { recursive: true, force: true });
    }
  })();
  return lockProbe;
}

/** Why a case whose script locks its landing root is not applicable on this machine. */
export const LANDING_LOCK_UNAVAILABLE =
  "this machine cannot make a folder read-only to the kit's own user (neither the folder's mode nor chattr +i binds), so a script's lock_landing step would show nothing about the Computer";

/** Whether a wire.computer input's script has a lock_landing step. */
export function scriptLocksLanding(input: unknown): boolean {
  const script = (input as { script?: unknown } | null)?.script;
  return Array.isArray(script) && script.some((step) => (step as { lock_landing?: unknown } | null)?.lock_landing === true);
}

/** Whether an entry can be made in `dir` now (the probe is removed at once). */
async function writable(dir: string): Promise<boolean> {
  const probe = join(dir, ".kit-lock-probe");
  try {
    await mkdir(probe);
  } catch {
    return false;
  }
  await rmdir(probe);
  return true;
}

/** Sets or clears the immutable attribute with the system's chattr; false where there is none or it is refused. */
function chattr(flag: "+i" | "-i", path: string): Promise<boolean> {
  return new Promise((resolve) => execFile("chattr", [flag, path], { timeout: 5000 }, (error) => resolve(error === null)));
}

async function unlock(root: string): Promise<void> {
  const lock = locks.get(root);
  if (!lock) return;
  if (lock.immutable) await chattr("-i", root);
  await chmod(root, 0o700).catch(() => undefined);
}

/**
 * The regular files under the root now (paths relative to it, `/`-separated, sorted; symlinks not
 * followed): what a shutdown left there, an upload's in-flight part included, read while the case runs.
 */
export async function landingPaths(root: string): Promise<string[]> {
  const paths: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) paths.push(relative(root, full).split(sep).join("/"));
    }
  };
  await walk(root);
  return paths.sort();
}

/** What lies under the root now (regular files only, symlinks not followed), then the folder is removed. */
export async function collectLandingRoot(root: string): Promise<LandingEvidence> {
  await unlock(root);
  const lock = locks.get(root);
  locks.delete(root);
  const files: LandedFile[] = [];
  let leftOut = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        if (files.length >= MAX_FILES) {
          leftOut++;
          continue;
        }
        const size = (await lstat(full)).size;
        files.push({
          path: relative(root, full).split(sep).join("/"),
          size,
          sha256: size <= MAX_HASHED_BYTES ? await sha256Of(full) : null,
        });
      }
    }
  };
  await walk(root);
  await rm(root, { recursive: true, force: true });
  return { root, files, left_out: leftOut, ...(lock ? { read_only: lock.held } : {}) };
}

function sha256Of(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", () => resolve(null))
      .on("end", () => resolve(hash.digest("hex")));
  });
}
