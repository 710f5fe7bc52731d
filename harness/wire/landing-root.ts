/**
 * The landing root a wire case may give the Computer under test (blob-transfer §landing root): an
 * empty folder the harness creates per case under the OS temp folder. After the case the harness
 * lists what the Computer wrote there (path, size, sha256), keeps that list as evidence and removes
 * the folder, so client:put_blob verdicts rest on the bytes that really landed.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, mkdtemp, readdir, realpath, rm } from "node:fs/promises";
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
}

const MAX_FILES = 256;
const MAX_HASHED_BYTES = 16 * 1024 * 1024;

/** A fresh, empty landing root (real path: macOS's /var → /private/var would otherwise break "inside the root"). */
export async function makeLandingRoot(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), "smcp-landing-")));
}

/** What lies under the root now (regular files only, symlinks not followed), then the folder is removed. */
export async function collectLandingRoot(root: string): Promise<LandingEvidence> {
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
  return { root, files, left_out: leftOut };
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
