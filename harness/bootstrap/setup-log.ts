/**
 * The raw output of a set-up (pip, cargo), kept in a log file in the cache folder: the console
 * shows a progress line, and a failure names this file and quotes its last lines.
 */
import { closeSync, mkdirSync, openSync, readSync, statSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { cacheRoot } from "../util/cache-root.ts";

/** `<cache>/logs/<name>.log`, e.g. `rust-0.4.1-build.log`. */
export function setupLogPath(name: string): string {
  return join(cacheRoot(), "logs", `${name.replace(/[^A-Za-z0-9._+-]/g, "_")}.log`);
}

/** One set-up's log, truncated when opened (the previous attempt's output is replaced). */
export class SetupLog {
  private fd: number | undefined;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, "w");
  }

  write(text: string): void {
    if (this.fd !== undefined) writeSync(this.fd, text);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The last `count` non-empty lines of a log (read from its end, so a huge log costs no more). */
export function logTail(path: string, count: number, maxBytes = 64 * 1024): string[] {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const size = statSync(path).size;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer
      .toString("utf8")
      .split(/\r?\n|\r/)
      .filter((line) => line.trim() !== "");
    return (size > length ? lines.slice(1) : lines).slice(-count); // the first line may be cut
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
