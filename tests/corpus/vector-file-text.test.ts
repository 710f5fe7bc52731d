// Written vector files read back as exactly what was written, with invisible characters escaped.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { vectorFileText, visibleJson } from "../../harness/corpus/vector-file-text.ts";

const anyString = fc.string({ unit: "binary", maxLength: 12 }); // every code point, lone surrogates included

describe("vector file text", () => {
  it("round-trips any JSON value through YAML, astral and lone-surrogate strings included", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), anyString, (value, text) => {
        const input = { value, text };
        const file = vectorFileText({
          suite: "tlv",
          description: text,
          provenance: { source: "generated" },
          vectors: [
            { id: "tlv/x/y", description: "d", spec: { file: "f", section: "s" }, tier: "should", op: "render", input, expected: value },
          ],
        });
        const read = parse(file) as { description: string; vectors: Array<{ input: unknown; expected: unknown }> };
        expect(read.description).toBe(text);
        expect(read.vectors[0]!.input).toEqual(JSON.parse(JSON.stringify(input)));
      }),
      { seed: 2026, numRuns: 2000 },
    );
  });

  it("escapes what a reviewer could not see, and nothing else", () => {
    expect(visibleJson("e\u0301\u200b\u{F0FA2}\u3000")).toBe('"e\\u0301\\u200b\\udb83\\udfa2\\u3000"');
    expect(visibleJson("a😀é中")).toBe('"a😀é中"');
  });
});
