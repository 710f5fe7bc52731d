/**
 * Reading a file a user names on the command line (a report for audit, compare, merge, coverage
 * --report, show; a vector file for generate --into): only a regular file, opened non-blocking and
 * checked with fstat before any read, and bounded in size. A FIFO hung `audit`; `audit /dev/zero`
 * read until it held 10 GB. A refusal is a usage error naming the file.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from "node:fs";
import { UsageError } from "./usage-error.ts";

/** Past V8's longest string (about 512 MiB) a file cannot be read as text anyway. */
export const MAX_USER_FILE_BYTES = 512 * 1024 * 1024 - 64;

/** What kind of thing a non-regular file is, for a refusal's message. */
export function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  if (stat.isDirectory()) return "a folder";
  return "not a regular file";
}

/** The file's text; `what` names it in errors ("report", "--into"). */
export function readUserFile(path: string, what: string, maxBytes = MAX_USER_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path}: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`cannot read ${what} ${path}: it is ${kindOf(stat)}, not a regular file`);
    if (stat.size > maxBytes)
      throw new UsageError(`cannot read ${what} ${path}: ${stat.size} bytes, more than the ${maxBytes} a ${what} may have`);
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}
