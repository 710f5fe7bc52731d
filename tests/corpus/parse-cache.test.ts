import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CorpusError } from "../../harness/corpus/errors.ts";
import { parseSource } from "../../harness/corpus/yaml-source.ts";

const TEXT = `suite: demo
vectors:
  - id: demo/a
    input: &shared { text: "x", n: 1 }
  - id: demo/b
    input: *shared
    expected:
      nested: { deep: [1, 2, 3] }
`;

describe("the kept parses of corpus files", () => {
  let dir: string;
  let before: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "parse-cache-"));
    before = process.env["SMCP_CONFORMANCE_CACHE"];
    process.env["SMCP_CONFORMANCE_CACHE"] = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env["SMCP_CONFORMANCE_CACHE"];
    else process.env["SMCP_CONFORMANCE_CACHE"] = before;
    rmSync(dir, { recursive: true, force: true });
  });
  const entries = () => readdirSync(join(dir, "corpus-parse")).filter((n) => n.endsWith(".json"));

  it("gives a second parse the same value and the same lines, deep pointers included", () => {
    const fresh = parseSource("demo.yaml", TEXT);
    expect(entries()).toHaveLength(1);
    const kept = parseSource("demo.yaml", TEXT);
    expect(kept.data).toEqual(fresh.data);
    for (const pointer of ["/vectors/1", "/vectors/1/id", "/vectors/1/expected/nested/deep/2", "/nowhere"]) {
      expect(kept.lineOf(pointer)).toBe(fresh.lineOf(pointer));
    }
    expect(kept.lineOf("/vectors/1/expected/nested/deep/2")).toBe(8);
  });

  it("misses on a changed text, and keeps no file that has a problem", () => {
    parseSource("demo.yaml", TEXT);
    const changed = parseSource("demo.yaml", TEXT.replace('"x"', '"y"'));
    expect((changed.data as { vectors: { input: { text: string } }[] }).vectors[1]!.input.text).toBe("y");
    expect(entries()).toHaveLength(2);
    const broken = TEXT.replace("n: 1", "n: .nan");
    for (let i = 0; i < 2; i++) expect(() => parseSource("demo.yaml", broken)).toThrow(CorpusError);
    expect(entries()).toHaveLength(2);
  });

  it("parses afresh when an entry cannot be read back", () => {
    parseSource("demo.yaml", TEXT);
    writeFileSync(join(dir, "corpus-parse", entries()[0]!), "{ truncated");
    expect((parseSource("demo.yaml", TEXT).data as { suite: string }).suite).toBe("demo");
  });
});
