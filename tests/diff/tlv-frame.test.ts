// Identity-frame bytes told as the field they fall in (issue 45, item 1): the planted bug "string
// length in code points" reads as the length it is, not as a raw offset.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { connectionIdentityBytes, toHex } from "../../adapters/reference/src/index.ts";
import { describeDifference, describeIn } from "../../harness/diff/describe.ts";
import { frameFields } from "../../harness/diff/tlv-frame.ts";

const OP = "bundle_id.identity_bytes";
const stdio = (env: Record<string, string>, args: string[] = []) =>
  toHex(connectionIdentityBytes({ name: "n", type: "stdio", server_parameters: { command: "x", args, env } } as never));
/** The frame with every string's length counted in code points, as the planted SDK wrote it. */
const inCodePoints = (hex: string, text: string) => {
  const bytes = Buffer.byteLength(text, "utf8").toString(16).padStart(8, "0");
  const points = [...text].length.toString(16).padStart(8, "0");
  return hex.replace(`${bytes}${Buffer.from(text).toString("hex")}`, `${points}${Buffer.from(text).toString("hex")}`);
};

describe("identity-frame differences", () => {
  it("a map entry's key length: entry, key, the UTF-8 size expected and the unit the answer counted in", () => {
    const expected = stdio({ A: "1", 键: "v" });
    const text = describeIn(OP, { path: "/hex", expected, actual: inCodePoints(expected, "键") });
    expect(text).toBe(
      '/hex: bytes differ first at offset 35, in env entry 2 of 2 key length: expected 3, got 1 (its length in code points); "键" is 3 UTF-8 bytes, 1 code point (frames of 44 and 44 bytes)',
    );
  });

  it("the tlv suite's planted bug: a value length", () => {
    const expected = "00000005737464696f00000001780000000000000001000000084752454554494e4700000006e4bda0e5a5bd";
    const actual = "00000005737464696f00000001780000000000000001000000084752454554494e4700000002e4bda0e5a5bd";
    expect(describeIn(OP, { path: "/hex", expected, actual })).toContain(
      'offset 37, in env entry 1 of 1 ("GREETING") value length: expected 6, got 2 (its length in code points); "你好" is 6 UTF-8 bytes',
    );
    // Without the operation the bytes have no layout: the offset alone, as before.
    expect(describeDifference({ path: "/hex", expected, actual })).toContain("bytes differ first at offset 37: expected 0x06, got 0x02");
  });

  it("a count, a string's bytes, and bytes past the expected frame", () => {
    expect(describeIn(OP, { path: "/hex", expected: stdio({}, ["a", "b"]), actual: stdio({}, ["a"]) })).toContain(
      "in args count: expected 2, got 1",
    );
    expect(describeIn(OP, { path: "/hex", expected: stdio({ K: "ab" }), actual: stdio({ K: "ac" }) })).toContain(
      'in env entry 1 of 1 ("K") value "ab", byte 2 of 2: expected 0x62, got 0x63 (the answer\'s bytes there read "ac")',
    );
    // A BOM and a zero-width space are characters of the string, shown as code points.
    const hidden = "\uFEFFa\u200Bb";
    expect(describeIn(OP, { path: "/hex", expected: stdio({}, [hidden]), actual: inCodePoints(stdio({}, [hidden]), hidden) })).toContain(
      'in args 1 of 1 length: expected 8, got 4 (its length in code points); "\\u{FEFF}a\\u{200B}b" is 8 UTF-8 bytes, 4 code points',
    );
    expect(describeIn(OP, { path: "/hex", expected: stdio({}), actual: `${stdio({})}00` })).toContain(
      "past the expected frame's last field: the answer has 1 more byte (",
    );
  });

  it("reads every expected frame of the tlv suite field by field, to its last byte", () => {
    const dir = new URL("../../vectors/tlv/", import.meta.url);
    const hexes = readdirSync(dir)
      .filter((f) => f.endsWith(".yaml"))
      .flatMap((f) => (parse(readFileSync(new URL(f, dir), "utf8")) as { vectors?: { expected?: { hex?: string } }[] }).vectors ?? [])
      .map((v) => v.expected?.hex)
      .filter((h): h is string => h !== undefined);
    expect(hexes.length).toBeGreaterThan(40);
    for (const hex of hexes) {
      const fields = frameFields(Buffer.from(hex, "hex"))!;
      // Contiguous from the first byte to the last: no byte left outside a field.
      expect(fields.map((f) => f.start)).toEqual([0, ...fields.slice(0, -1).map((f) => f.end)]);
      expect(fields.at(-1)!.end).toBe(hex.length / 2);
    }
  });
});
