// The adapter's stdout as bounded, strict lines (issue 20, items 10 and 11).
import { describe, expect, it } from "vitest";
import { LineReader } from "../../harness/driver/line-reader.ts";

function reader(max = 16) {
  const events: string[] = [];
  const r = new LineReader(max, {
    line: (text) => events.push(`line:${text}`),
    invalid: (lossy) => events.push(`invalid:${lossy}`),
    oversize: (limit) => events.push(`oversize:${limit}`),
  });
  return { r, events };
}

describe("LineReader", () => {
  it("joins pieces into whole lines and keeps a last line without a newline", () => {
    const { r, events } = reader();
    r.push(Buffer.from("ab"));
    r.push(Buffer.from("c\nde\r\nf"));
    r.end();
    expect(events).toEqual(["line:abc", "line:de", "line:f"]);
  });

  it("a multi-byte character split across chunks is decoded whole", () => {
    const { r, events } = reader();
    const bytes = Buffer.from("é\n");
    r.push(bytes.subarray(0, 1));
    r.push(bytes.subarray(1));
    expect(events).toEqual(["line:é"]);
  });

  it("a line that is not UTF-8 is reported, never silently replaced", () => {
    const { r, events } = reader();
    r.push(Buffer.from([0x61, 0xff, 0x0a]));
    expect(events).toEqual(["invalid:a\uFFFD"]);
  });

  it("a line past the limit is reported once and its bytes dropped up to its newline; the next line reads", () => {
    const { r, events } = reader(8);
    r.push(Buffer.from("0123456789"));
    r.push(Buffer.from("abcdefghij".repeat(1000)));
    r.push(Buffer.from("tail\nok\n"));
    expect(events).toEqual(["oversize:8", "line:ok"]);
  });
});
