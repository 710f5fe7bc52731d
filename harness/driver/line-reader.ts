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
    while (start < chunk.length) {
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
      if (nl === -1) return;
      start = nl + 1;
    }
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
