/**
 * Reading a corpus file without trusting it: only a regular file is read (a FIFO or a device named
 * `*.yaml` is refused before it could block or flood), a symlink must resolve inside the corpus
 * folder it was found in, the size is bounded, and the bytes must be UTF-8 (never silently
 * replaced). Every refusal is a corpus error naming the file.
 */

import { isUtf8 } from "node:buffer";
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { relative, sep } from "node:path";
import { kindOf } from "../util/read-user-file.ts";
import { CorpusError, type CorpusErrorCode } from "./errors.ts";

/** The largest corpus file read (a vector file, a manifest, a schema, an expectations file). */
export const MAX_CORPUS_FILE_BYTES = 16 * 1024 * 1024;

function refuse(code: CorpusErrorCode, file: string, message: string, line?: number): never {
  throw new CorpusError([{ code, file, ...(line !== undefined ? { line } : {}), message }]);
}

/** Whether `path` (already resolved) lies inside `root` (already resolved). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}

/** The real path of `path`, which must lie inside `root`'s real path (symlinks resolved and checked). */
export function resolveInside(path: string, root: string, display: string): string {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return refuse("corpus.not_a_file", display, `cannot be read: ${(error as Error).message}`);
  }
  const realRoot = realpathSync(root);
  if (!isInside(real, realRoot)) refuse("corpus.not_a_file", display, `is a link to ${real}, outside the corpus folder ${realRoot}`);
  return real;
}

/**
 * Reads a corpus file as text. `root`, when given, is the corpus folder the file must stay inside.
 * Opened non-blocking, so a FIFO never hangs the loader; checked to be a regular file before any read.
 */
export function readCorpusText(path: string, display: string, root?: string): string {
  const real = root === undefined ? path : resolveInside(path, root, display);
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return refuse("corpus.not_a_file", display, `cannot be read: ${(error as Error).message}`);
  }
  let bytes: Buffer;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) refuse("corpus.not_a_file", display, `is ${kindOf(stat)}: only regular files are read`);
    if (stat.size > MAX_CORPUS_FILE_BYTES)
      refuse("corpus.too_large", display, `is ${stat.size} bytes, over the limit of ${MAX_CORPUS_FILE_BYTES} for a corpus file`);
    bytes = Buffer.alloc(stat.size);
    let offset = 0;
    while (offset < bytes.length) {
      const n = readSync(fd, bytes, offset, bytes.length - offset, offset);
      if (n === 0) break;
      offset += n;
    }
    bytes = bytes.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
  return decodeUtf8(bytes, display);
}

/** Strict UTF-8: a file with bytes that are not UTF-8 is a corpus error at the line of the first bad byte. */
export function decodeUtf8(bytes: Buffer, display: string): string {
  if (isUtf8(bytes)) return bytes.toString("utf8");
  const at = firstInvalidByte(bytes);
  const line = bytes.subarray(0, at).toString("latin1").split("\n").length;
  return refuse("corpus.encoding", display, `is not valid UTF-8 (byte ${at}, 0x${bytes[at]!.toString(16)}): corpus files are UTF-8`, line);
}

/** Offset of the first byte that breaks UTF-8. */
function firstInvalidByte(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length || !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}
