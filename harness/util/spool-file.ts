/**
 * An append-only file of text records, for what a run keeps on disk while it lasts (the case
 * records, the vectors' payloads): appends are buffered and written in large writes, and records
 * are read back by offset through windows. A failed write (a full disk) is an output error naming
 * the file, exit 2 like any report file.
 */
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { OutputError } from "./output-error.ts";
import { describeIoError } from "./write-checked.ts";

/** Bytes buffered before they are written. */
const FLUSH_BYTES = 1 << 20;

export class SpoolFile {
  private readonly fd: number;
  private size = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closed = false;

  /** `path` is created (or emptied) and owned by the file. */
  constructor(readonly path: string) {
    this.fd = this.io(() => openSync(path, "w+"));
  }

  /** Appends one record (a newline is added after it); returns where it starts. */
  append(text: string): { readonly offset: number; readonly length: number } {
    const bytes = Buffer.from(`${text}\n`);
    const offset = this.size;
    this.size += bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    return { offset, length: bytes.length - 1 };
  }

  /** A window to read records through, `bytes` at a time (0: just the record asked for). */
  window(bytes: number): SpoolWindow {
    return new SpoolWindow(this, bytes);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /** Fills `buffer` from `offset` with what is written so far; the number of bytes read. */
  readInto(buffer: Buffer, offset: number): number {
    if (this.closed) throw new Error(`${this.path}: read after the run closed it`);
    this.flush();
    return readSync(this.fd, buffer, 0, buffer.length, offset);
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    const start = this.size - this.pendingBytes;
    this.io(() => {
      let written = 0;
      while (written < data.length) written += writeSync(this.fd, data, written, data.length - written, start + written);
    });
    this.pending = [];
    this.pendingBytes = 0;
  }

  private io<T>(step: () => T): T {
    try {
      return step();
    } catch (error) {
      throw new OutputError(this.path, describeIoError(error));
    }
  }
}

/** Reads records through one buffer: records read in file order mostly lie in the bytes already read. */
export class SpoolWindow {
  private bytes = Buffer.alloc(0);
  private start = 0;
  private valid = 0;

  constructor(
    private readonly file: SpoolFile,
    private readonly windowBytes: number,
  ) {}

  holds(offset: number, length: number): boolean {
    return offset >= this.start && offset + length <= this.start + this.valid;
  }

  text(offset: number, length: number): string {
    if (!this.holds(offset, length)) {
      const size = Math.max(length, this.windowBytes);
      if (this.bytes.length < size) this.bytes = Buffer.alloc(size);
      this.start = offset;
      this.valid = this.file.readInto(this.bytes.length === size ? this.bytes : this.bytes.subarray(0, size), offset);
      if (this.valid < length)
        throw new Error(`${this.file.path}: the record at byte ${offset} is cut short (${this.valid} of ${length} bytes)`);
    }
    return this.bytes.toString("utf8", offset - this.start, offset - this.start + length);
  }
}
