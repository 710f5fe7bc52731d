// The adapter's stdout as bounded, strict lines (issue 20, items 10 and 11).
import fc from "fast-check";
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

  it("gives the same events however the bytes are cut into chunks (the whole-block path and the per-line path agree)", () => {
    // What the reader must report, from the whole byte stream at once.
    const oracle = (bytes: Buffer, max: number): string[] => {
      const events: string[] = [];
      const pieces: Buffer[] = [];
      for (let start = 0; ; ) {
        const nl = bytes.indexOf(0x0a, start);
        pieces.push(bytes.subarray(start, nl === -1 ? bytes.length : nl));
        if (nl === -1) break;
        start = nl + 1;
      }
      pieces.forEach((piece, i) => {
        const last = i === pieces.length - 1;
        if (piece.length > max) events.push(`oversize:${max}`);
        else if (last && piece.length === 0) return;
        else {
          const line = piece.length > 0 && piece[piece.length - 1] === 0x0d ? piece.subarray(0, -1) : piece;
          const text = line.toString("utf8");
          events.push(Buffer.from(text, "utf8").equals(line) ? `line:${text}` : `invalid:${text}`);
        }
      });
      return events;
    };
    const piece = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("é", "𝄞", "\r", "\n", "\r\n", "{}", "xxxxxxxxxxxxxxxxxxxx"));
    const bytes = fc
      .tuple(fc.array(piece, { maxLength: 30 }), fc.array(fc.constantFrom(0xff, 0xc3, 0x80), { maxLength: 2 }), fc.nat(40))
      .map(([parts, bad, at]) => {
        const text = Buffer.from(parts.join(""), "utf8");
        const cut = Math.min(at, text.length);
        return Buffer.concat([text.subarray(0, cut), Buffer.from(bad), text.subarray(cut)]);
      });
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(64), { maxLength: 8 }), fc.integer({ min: 1, max: 24 }), (all, cuts, max) => {
        const { r, events } = reader(max);
        const points = [...new Set(cuts.map((c) => Math.min(c, all.length)))].sort((a, b) => a - b);
        let from = 0;
        for (const to of [...points, all.length]) {
          r.push(all.subarray(from, to));
          from = to;
        }
        r.end();
        expect(events).toEqual(oracle(all, max));
      }),
      { seed: 20261130, numRuns: 3000 },
    );
  });
});
