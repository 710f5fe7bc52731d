/**
 * A gzipped tar of a few small text files (the archive-mode SKILLs of skill-sources.ts), made by
 * node-tar from a scratch copy of the files. Portable headers, a fixed mtime and the entries in the
 * order given keep the bytes (and so the digest a root declares) the same whenever a case runs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { create } from "tar";

const FIXED_MTIME = new Date(1_700_000_000_000);

/**
 * `keepPaths` writes member paths as given, '..' included: only a test that needs a hostile archive
 * asks for it (node-tar otherwise strips what climbs out of the package).
 */
export function tarGzOf(files: Readonly<Record<string, string>>, keepPaths = false): Buffer {
  const scratch = mkdtempSync(join(tmpdir(), "smcp-kit-tar-"));
  try {
    const root = join(scratch, "package", "root");
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    const file = join(scratch, "archive.tar.gz");
    create({ sync: true, gzip: true, portable: true, mtime: FIXED_MTIME, preservePaths: keepPaths, cwd: root, file }, Object.keys(files));
    return readFileSync(file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
