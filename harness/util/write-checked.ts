/**
 * Files written end to end: to a temp file beside the target, every byte accounted for (a short
 * write is continued, a write that makes no progress is an error), fsync'd, its size checked, then
 * renamed into place. Any failure removes the temp file and throws an OutputError naming the
 * target, so a full disk never leaves a truncated file where a reader looks.
 */
import { closeSync, fstatSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { OutputError } from "./output-error.ts";

/** The file-system calls a checked write makes; tests pass a faulty one (short writes, ENOSPC). */
export interface WriteIo {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  fstatSync(fd: number): { size: number };
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
}

export const NODE_IO: WriteIo = { openSync, writeSync, fsyncSync, fstatSync, closeSync, renameSync, unlinkSync };

/** Buffered chunks are written once they pass this size. */
const FLUSH_BYTES = 1 << 20;

/** A file being written: `write` as often as needed, then `commit` (or `abort`). */
export class CheckedFile {
  private readonly temp: string;
  private fd: number | undefined;
  private pending: string[] = [];
  private pendingLength = 0;
  private written = 0;

  constructor(
    readonly path: string,
    private readonly io: WriteIo = NODE_IO,
  ) {
    this.temp = `${path}.${process.pid}.tmp`;
    this.fd = this.guard(() => io.openSync(this.temp, "w", 0o644));
  }

  write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength > FLUSH_BYTES) this.flush();
  }

  /** Writes what is buffered, fsyncs, checks the size on disk, renames into place. */
  commit(): void {
    this.flush();
    const fd = this.fd!;
    this.guard(() => {
      this.io.fsyncSync(fd);
      const size = this.io.fstatSync(fd).size;
      if (size !== this.written) throw new Error(`wrote ${this.written} bytes but the file holds ${size}`);
    });
    this.close();
    this.guard(() => this.io.renameSync(this.temp, this.path));
  }

  /** Gives up: closes and removes the temp file (the target is untouched). */
  abort(): void {
    this.close();
    try {
      this.io.unlinkSync(this.temp);
    } catch {
      // already gone
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = Buffer.from(this.pending.join(""), "utf8");
    this.pending = [];
    this.pendingLength = 0;
    const fd = this.fd!;
    this.guard(() => {
      let offset = 0;
      while (offset < bytes.length) {
        const n = this.io.writeSync(fd, bytes, offset, bytes.length - offset);
        if (!(n > 0)) throw new Error(`a write made no progress after ${this.written + offset} bytes`);
        offset += n;
      }
    });
    this.written += bytes.length;
  }

  private close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      this.io.closeSync(fd);
    } catch {
      // the write error, if any, is already being reported
    }
  }

  /** Runs a file-system step; a failure aborts the file and becomes an OutputError naming the target. */
  private guard<T>(step: () => T): T {
    try {
      return step();
    } catch (error) {
      this.abort();
      throw new OutputError(this.path, describeIoError(error));
    }
  }
}

/** Writes a whole file through a CheckedFile. */
export function writeFileChecked(path: string, text: string, io: WriteIo = NODE_IO): void {
  const file = new CheckedFile(path, io);
  file.write(text);
  file.commit();
}

/** Writes a file piece by piece through a CheckedFile (never one string); on any failure nothing replaces the target. */
export function writeFileInPieces(path: string, pieces: Iterable<string>): void {
  const file = new CheckedFile(path);
  try {
    for (const piece of pieces) file.write(piece);
  } catch (error) {
    file.abort();
    throw error;
  }
  file.commit();
}

/** `ENOSPC: no space left on device`, without the syscall's own path (the caller names the file). */
export function describeIoError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code && typeof e.message === "string") return `${e.code}: ${e.message.replace(/^[A-Z]+: /, "").replace(/, \w+( '.*')?$/, "")}`;
  return e instanceof Error ? e.message : String(error);
}
