// The candidate writer: block YAML in the corpus's style that reads back exactly, whatever the strings hold.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { flowText, scalarText, vectorFileYaml } from "../../harness/fuzz/vector-yaml.ts";

const tricky = [
  "true",
  "null",
  "1",
  "0x1",
  "1e3",
  "~",
  "yes",
  "n",
  "- a",
  "a: b",
  "a #b",
  "#x",
  "",
  " lead",
  "trail ",
  "a\nb",
  "a\tb",
  "\uD800",
  "x\uDC00y",
  "\u200B",
  "e\u0301",
  "😀",
  "你好",
  "Ａ",
  "${input:x}",
  "{a}",
  "[a]",
  "a,b",
  "'q'",
  '"dq"',
  "\\",
  "%x",
  "@x",
  "`x",
  "!x",
  "&a",
  "*a",
  "|",
  ">",
];

describe("vector-yaml", () => {
  it("every tricky string reads back as itself, as a value, a key, in flow and in block", () => {
    for (const s of tricky) {
      expect(parse(`k: ${scalarText(s)}`).k, JSON.stringify(s)).toBe(s);
      expect(parse(`k: ${flowText({ [s]: [s, { [s]: s }] })}`).k, JSON.stringify(s)).toEqual({ [s]: [s, { [s]: s }] });
    }
  });

  it("writes plain words plain and invisible characters as escapes a reviewer can see", () => {
    expect(scalarText("web_search")).toBe("web_search");
    expect(scalarText("Echo Server (display)")).toBe("Echo Server (display)");
    expect(scalarText("a\u200Bb")).toBe('"a\\u200bb"');
    expect(scalarText("e\u0301")).toBe('"e\\u0301"');
    expect(scalarText("true")).toBe('"true"');
  });

  it("writes a file in block style with small values as flow maps, and long ones as block maps", () => {
    const long = { config: { name: "x".repeat(60), type: "stdio", server_parameters: { command: "npx", args: ["a", "b"], env: {} } } };
    const text = vectorFileYaml({
      suite: "tool-meta",
      description: "d",
      provenance: { source: "fuzz", by: "fuzz --seed 1" },
      vectors: [
        {
          id: "tool-meta/fuzz/default-alias-only",
          description: `${"word ".repeat(40)}end`,
          spec: { file: "f.md", section: "S", note: "awaits review: x" },
          tier: "observe",
          op: "tool_meta.merge",
          input: { default_tool_meta: { alias: "search" }, tool_meta: null },
        },
        {
          id: "server-config/fuzz/long",
          description: "d",
          spec: { file: "f", section: "s" },
          tier: "must",
          op: "server_config.validate",
          input: long,
          expected: { accepted: true, reason: null },
        },
      ],
    });
    expect(text).toContain("    input: { default_tool_meta: { alias: search }, tool_meta: null }\n");
    expect(text).toContain("    description: >-\n      word word");
    expect(text).toContain("    input:\n      config:\n        name: xxxx");
    expect(text).toContain("    expected: { accepted: true, reason: null }\n");
    expect(text.split("\n").filter((l) => l.length > 100)).toEqual([]);
    const back = parse(text) as { vectors: Array<{ input: unknown; description: string }> };
    expect(back.vectors[1]!.input).toEqual(long);
    expect(back.vectors[0]!.description).toBe(`${"word ".repeat(40)}end`);
  });

  it("round-trips any JSON value through YAML, astral and lone-surrogate strings included", () => {
    const anyString = fc.string({ unit: "binary", maxLength: 12 }); // every code point, lone surrogates included
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), anyString, (value, text) => {
        const input = { value, text };
        const file = vectorFileYaml({
          suite: "tlv",
          description: text,
          provenance: { source: "generated" },
          vectors: [
            { id: "tlv/x/y", description: text, spec: { file: "f", section: "s" }, tier: "should", op: "render", input, expected: value },
          ],
        });
        const read = parse(file) as { description: string; vectors: Array<{ description: string; input: unknown; expected: unknown }> };
        expect(read.description).toBe(text);
        expect(read.vectors[0]!.description).toBe(text);
        expect(read.vectors[0]!.input).toEqual(JSON.parse(JSON.stringify(input)));
        expect(read.vectors[0]!.expected).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { seed: 2026, numRuns: 1000 },
    );
  });
});
