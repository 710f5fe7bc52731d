/**
 * Unpacks a SKILL archive (a tar, gunzipped by the caller within its size limit) with node-tar.
 * A member whose path is absolute or climbs out with '..' refuses the whole archive before anything
 * is written (skill.md §9: nothing lands outside the package root); links and other special members
 * are skipped, so the staged package holds plain files only.
 */
import { mkdirSync } from "node:fs";
import { Parser, UnpackSync } from "tar";

function refuseClimbingMembers(tar: Buffer): void {
  let refused: string | undefined;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      const path = entry.header.path ?? "";
      if (refused === undefined && (path.startsWith("/") || path.split("/").includes(".."))) refused = path;
      entry.resume();
    },
  });
  parser.end(tar); // node-tar parses a written buffer synchronously
  if (refused !== undefined) throw new Error(`tar member ${JSON.stringify(refused)} leaves the package`);
}

/** Writes the archive's regular files below `dir` and answers their relative POSIX paths. */
export function unpackTar(tar: Buffer, dir: string): string[] {
  refuseClimbingMembers(tar);
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const unpack = new UnpackSync({
    cwd: dir,
    strict: true,
    filter: (path, entry) => {
      const file = "type" in entry && entry.type === "File";
      if (file) written.push(path.replace(/^\.\//, ""));
      return file;
    },
  });
  unpack.end(tar);
  return written;
}
