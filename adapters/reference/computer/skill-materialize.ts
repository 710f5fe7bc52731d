/**
 * The two staging modes of skill.md §3 besides "resources": A "mounted" (the package is the local
 * folder `_meta.mount_dir`, which the staged package root links to) and B "archive" (fetched by HTTP
 * GET from `_meta.archive_uri`, its `archive_sha256` checked when given, then unpacked). Each answers
 * the package's files by relative path with their MIME (§6.4 inferred from the name), or throws: a
 * SKILL that fails to materialise is left out of the registry (§5).
 */
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { gunzipSync } from "node:zlib";
import { inferSkillMime } from "../src/index.ts";
import { unpackTar } from "./tar-reader.ts";

/** Archives larger than this are not unpacked. */
const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;

const mimeOf = (rel: string) => inferSkillMime(rel.split("/").at(-1) ?? rel);

/** A mounted root's folder: absolute, as §3 requires. */
export function mountDirOf(meta: Readonly<Record<string, unknown>>): string {
  const dir = meta["mount_dir"];
  if (typeof dir !== "string" || !isAbsolute(dir)) throw new Error("a mounted SKILL root names no absolute mount_dir");
  return dir;
}

/** The regular files below a mounted folder, by relative POSIX path. */
export async function mountedFiles(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const mime = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/");
    mime.set(rel, mimeOf(rel));
  }
  return mime;
}

/** Fetches an archive root's archive, checks its digest when one is declared, and unpacks it into `dir`. */
export async function unpackArchive(meta: Readonly<Record<string, unknown>>, dir: string): Promise<Map<string, string>> {
  const uri = meta["archive_uri"];
  if (typeof uri !== "string") throw new Error("an archive SKILL root names no archive_uri");
  if (meta["archive_format"] !== "tar.gz")
    throw new Error(`archive_format ${String(meta["archive_format"])} is not one this Computer unpacks`);
  const answer = await fetch(uri);
  if (!answer.ok) throw new Error(`GET ${uri}: ${answer.status}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (bytes.length > MAX_ARCHIVE_BYTES) throw new Error("the archive is too large");
  const declared = meta["archive_sha256"];
  if (declared !== undefined && declared !== null) {
    const actual = createHash("sha256").update(bytes).digest("hex");
    if (typeof declared !== "string" || declared.toLowerCase() !== actual) throw new Error("archive_sha256 does not match the archive");
  }
  const mime = new Map<string, string>();
  for (const rel of unpackTar(gunzipSync(bytes, { maxOutputLength: MAX_ARCHIVE_BYTES }), dir)) mime.set(rel, mimeOf(rel));
  return mime;
}
