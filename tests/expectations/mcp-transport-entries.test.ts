// An expectations entry may hold for one MCP transport only (run --mcp-transport): on that
// transport it takes the place of the id's general entry, on the other it is left out, and an id
// is listed at most once per transport.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CorpusError } from "../../harness/corpus/errors.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";

function file(body: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "smcp-exp-")), "expectations.yaml");
  writeFileSync(path, `implementation: sdk\ngaps:\n${body}`);
  return path;
}

const GENERAL = `  - id: a/b/c\n    status: fail\n    reason: leaks the header\n    answer: headers\n`;
const STDIO = `  - id: a/b/c\n    mcp_transport: stdio\n    status: fail\n    reason: leaks the env\n    answer: env\n`;
const STDIO_ONLY = `  - id: a/b/d\n    mcp_transport: stdio\n    status: timeout\n    reason: hangs over stdio\n`;

describe("expectations entries per MCP transport", () => {
  it("an HTTP run reads the general entries and leaves the stdio ones out", () => {
    const gaps = loadExpectations(file(STDIO + GENERAL + STDIO_ONLY), "sdk").gaps;
    expect(gaps.get("a/b/c")?.answer).toBe("headers");
    expect(gaps.has("a/b/d")).toBe(false);
  });

  it("a stdio run reads the stdio entry in place of the general one, whichever comes first", () => {
    for (const body of [GENERAL + STDIO, STDIO + GENERAL]) {
      const loaded = loadExpectations(file(body + STDIO_ONLY), "sdk", "stdio");
      expect(loaded.gaps.get("a/b/c")?.answer).toBe("env");
      expect(loaded.gaps.get("a/b/d")?.status).toBe("timeout");
      expect(loaded.gaps.size).toBe(2);
    }
  });

  it("an id listed twice for one transport is refused, naming it", () => {
    expect(() => loadExpectations(file(STDIO + STDIO), "sdk", "stdio")).toThrow(CorpusError);
    expect(() => loadExpectations(file(STDIO + STDIO), "sdk")).toThrow(/listed twice for mcp_transport stdio/);
    expect(() => loadExpectations(file(GENERAL + GENERAL), "sdk", "stdio")).toThrow(/listed twice/);
  });

  it("an unknown transport is a schema error", () => {
    expect(() => loadExpectations(file(GENERAL.replace("status:", "mcp_transport: carrier-pigeon\n    status:")), "sdk")).toThrow(
      CorpusError,
    );
  });
});
