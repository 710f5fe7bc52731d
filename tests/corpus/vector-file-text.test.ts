// Invisible characters are escaped in what reviewers read (the file writer's round trip: tests/fuzz/vector-yaml.test.ts).
import { describe, expect, it } from "vitest";
import { visibleJson } from "../../harness/corpus/vector-file-text.ts";

describe("vector file text", () => {
  it("escapes what a reviewer could not see, and nothing else", () => {
    expect(visibleJson("e\u0301\u200b\u{F0FA2}\u3000")).toBe('"e\\u0301\\u200b\\udb83\\udfa2\\u3000"');
    expect(visibleJson("a😀é中")).toBe('"a😀é中"');
  });
});
