// What an input probes: the generators' fault it carries, the boundary characters it holds, the rule that fired.
import { describe, expect, it } from "vitest";
import { faultOf, probeOf, slugify, trapsOf } from "../../harness/fuzz/probe.ts";

const stdio = { command: "npx", args: [], env: {}, cwd: null, encoding: "utf-8", encoding_error_handler: "strict" };

describe("probe", () => {
  it("names the one-field fault from the generators' tables, only when the reference gives its reason", () => {
    const noCommand = { config: { name: "x", type: "stdio", server_parameters: { ...stdio, command: undefined } } };
    delete (noCommand.config.server_parameters as Record<string, unknown>).command;
    expect(faultOf("server_config.validate", noCommand, "config.missing_field")).toEqual({
      slug: "command-absent",
      text: "config.server_parameters.command is absent",
    });
    expect(faultOf("server_config.validate", noCommand, "config.wrong_type")).toBeNull();
    const upper = { config: { name: "x", type: "STDIO", server_parameters: stdio } };
    expect(probeOf("server_config.validate", upper, '{"accepted":false,"reason":"config.unknown_type"}')).toEqual({
      slug: "type-stdio",
      summary: 'config.type is "STDIO"; the reference rejects it with config.unknown_type',
    });
    expect(
      probeOf("input.validate", { input: { description: "d", type: "promptString" } }, '{"accepted":false,"reason":"input.missing_field"}')
        .slug,
    ).toBe("id-absent");
  });

  it("finds boundary characters in keys and values, with the code point and where", () => {
    const traps = trapsOf({ name: "a\u200Bb", env: { "e\u0301": "你" }, n: "\uD800" });
    expect(traps.map((t) => t.tag)).toEqual(["lone-surrogate", "zero-width", "nfd", "cjk"]);
    expect(traps[1]!.text).toBe("a zero-width or format character (U+200B) at /name");
    expect(traps[2]!.text).toBe("a combining mark (U+0301) at /env/e\\u0301 (the key)");
  });

  it("gives id-safe slugs from the rule and the traps", () => {
    expect(probeOf("bundle_id.validate", { bundle_id: "a\u00A0b" }, '{"accepted":false,"reason":"bundle_id.charset"}').slug).toBe(
      "charset-whitespace",
    );
    expect(probeOf("window_uri.parse", { uri: "x" }, "error window_uri.invalid_scheme").slug).toBe("invalid-scheme");
    expect(probeOf("render", { value: "${env:B}" }, '{"value":"","warnings":[{"kind":"env.missing","name":"B"}]}').slug).toBe(
      "missing-placeholder",
    );
    expect(slugify("A__b.C d")).toBe("a-b.c-d");
    expect(probeOf("bundle_id.normalize", { name: "\uD800" }, "error input.lone_surrogate").slug).toBe("lone-surrogate");
    expect(probeOf("bundle_id.normalize", { name: "" }, undefined).slug).toBe("empty");
    // A plain output with no rule to name it by: its edge values (null, false, empty) name it.
    const merge = probeOf(
      "tool_meta.merge",
      { default_tool_meta: { auto_apply: false }, tool_meta: null },
      '{"merged":{"auto_apply":false}}',
    );
    expect(merge.slug).toBe("auto-apply-false-tool-meta-null");
    expect(merge.summary).toBe(
      'tool_meta.merge: the reference gives {"merged":{"auto_apply":false}}. The input holds false at /default_tool_meta/auto_apply; null at /tool_meta',
    );
  });
});
