/**
 * An adapter's stdout split into lines, bounded and strict: a line is delivered only when whole and
 * valid UTF-8; a line that grows past the limit is reported once and its bytes dropped (never
 * buffered), so a runaway adapter cannot run the harness out of memory; invalid UTF-8 is reported
 * with a lossy decoding (for attribution only, never judged).
 */
import { isUtf8 } from "node:buffer";

export interface LineSink {
  /** A complete line (without its newline), valid UTF-8. */
  line(text: string): void;
  /** A complete line that is not valid UTF-8; `lossy` has U+FFFD in place of the bad bytes. */
  invalid(lossy: string): void;
  /** A line passed `limit` bytes before its newline; the rest of it is dropped. */
  oversize(limit: number): void;
}

const NEWLINE = 0x0a;

export class LineReader {
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Dropping the rest of an oversize line, up to its newline. */
  private dropping = false;

  constructor(
    private readonly maxBytes: number,
    private readonly sink: LineSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    // A line begun in an earlier chunk (or the rest of an oversize one) ends at the first newline.
    if (this.dropping || this.partBytes > 0) {
      start = this.segment(chunk, 0);
      if (start === -1) return;
    }
    // Every whole line after it: decoded and checked in one pass when the block is valid UTF-8 and
    // within the limit (a newline byte never sits inside a multi-byte character, so the block is
    // valid exactly when each of its lines is); otherwise line by line, to report the bad one.
    const last = chunk.lastIndexOf(NEWLINE);
    if (last >= start) {
      const block = chunk.subarray(start, last);
      if (block.length <= this.maxBytes && isUtf8(block)) {
        for (const line of block.toString("utf8").split("\n")) this.sink.line(line.endsWith("\r") ? line.slice(0, -1) : line);
        start = last + 1;
      } else {
        while (start <= last) start = this.segment(chunk, start);
      }
    }
    while (start !== -1 && start < chunk.length) start = this.segment(chunk, start);
  }

  /** Reads from `start` to the next newline (a line, or part of one); returns where the next one starts, -1 at the chunk's end. */
  private segment(chunk: Buffer, start: number): number {
    const nl = chunk.indexOf(NEWLINE, start);
    const end = nl === -1 ? chunk.length : nl;
    if (this.dropping) {
      if (nl !== -1) this.dropping = false;
    } else if (this.partBytes + (end - start) > this.maxBytes) {
      this.parts = [];
      this.partBytes = 0;
      this.dropping = nl === -1;
      this.sink.oversize(this.maxBytes);
    } else if (nl === -1) {
      this.parts.push(chunk.subarray(start));
      this.partBytes += chunk.length - start;
    } else {
      this.emit(this.take(chunk.subarray(start, nl)));
    }
    return nl === -1 ? -1 : nl + 1;
  }

  /** The output ended: a last line without a newline still counts. */
  end(): void {
    if (!this.dropping && this.partBytes > 0) this.emit(this.take(Buffer.alloc(0)));
    this.parts = [];
    this.partBytes = 0;
  }

  private take(tail: Buffer): Buffer {
    const line = this.parts.length === 0 ? tail : Buffer.concat([...this.parts, tail]);
    this.parts = [];
    this.partBytes = 0;
    return line;
  }

  private emit(bytes: Buffer): void {
    const line = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, -1) : bytes;
    if (isUtf8(line)) this.sink.line(line.toString("utf8"));
    else this.sink.invalid(line.toString("utf8"));
  }
}
