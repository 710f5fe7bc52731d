// Issue 41, finding 2: a kept parse is trusted only when its digest ties it to its key and content.
// A poisoned entry (valid JSON, a changed expected value), a malformed one, or another text's entry
// copied under this key is discarded with one line on stderr, parsed afresh and written again.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { parseSource } from "../../harness/corpus/yaml-source.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "./temp-corpus.ts";

const TEXT = `suite: demo
vectors:
  - id: demo/a
    input: { text: "x", n: 1 }
`;

describe("the integrity of kept parses", () => {
  let dir: string;
  let before: string | undefined;
  let stderr: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "parse-cache-"));
    before = process.env["SMCP_CONFORMANCE_CACHE"];
    process.env["SMCP_CONFORMANCE_CACHE"] = dir;
    stderr = [];
    vi.spyOn(process.stderr, "write").mockImplementation((c) => stderr.push(String(c)) > 0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (before === undefined) delete process.env["SMCP_CONFORMANCE_CACHE"];
    else process.env["SMCP_CONFORMANCE_CACHE"] = before;
    rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => join(dir, "corpus-parse");
  const entryHolding = (needle: string) => {
    const name = readdirSync(folder()).find((n) => n.endsWith(".json") && readFileSync(join(folder(), n), "utf8").includes(needle));
    return join(folder(), name!);
  };
  const textOf = (source: { data: unknown }) => (source.data as { vectors: Array<{ input: { text: string } }> }).vectors[0]!.input.text;
  /** The one line a discarded entry leaves, after which the entry is whole again (a hit says nothing). */
  const expectDiscardedThenRewritten = (path: string, why: RegExp) => {
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      new RegExp(`^corpus parse cache: discarded ${path} \\(${why.source}\\); the corpus file is parsed afresh\\n$`),
    );
    stderr.length = 0;
    expect(textOf(parseSource("demo.yaml", TEXT))).toBe("x");
    expect(stderr).toEqual([]);
  };

  it("an entry edited to say something else (still valid JSON) is discarded, never believed", () => {
    parseSource("demo.yaml", TEXT);
    const path = entryHolding('"text":"x"');
    writeFileSync(path, readFileSync(path, "utf8").replace('"text":"x"', '"text":"POISON"'));
    expect(textOf(parseSource("demo.yaml", TEXT))).toBe("x");
    expectDiscardedThenRewritten(path, /its digest does not match its key and content/);
  });

  it("a malformed entry that parses as JSON is a miss, not a fault of the YAML file", () => {
    parseSource("demo.yaml", TEXT);
    const path = entryHolding('"text":"x"');
    writeFileSync(path, '{"lines":{}}');
    expect(textOf(parseSource("demo.yaml", TEXT))).toBe("x");
    expectDiscardedThenRewritten(path, /no integrity line/);
  });

  it("another text's entry copied under this key is discarded", () => {
    parseSource("demo.yaml", TEXT);
    parseSource("other.yaml", TEXT.replace('"x"', '"other"'));
    const mine = entryHolding('"text":"x"');
    copyFileSync(entryHolding('"text":"other"'), mine);
    expect(textOf(parseSource("demo.yaml", TEXT))).toBe("x");
    expectDiscardedThenRewritten(mine, /its digest does not match its key and content/);
  });

  it("a poisoned expected value does not reach the loaded corpus (nor, through it, run or audit)", () => {
    const root = tempCorpus({
      "explicit-id/suite.yaml": "suite: explicit-id\ntitle: explicit bundle_id validation\n",
      "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR),
    });
    const expectedOf = () =>
      loadCorpus({ kitCorpus: false, extraRoots: [root] })
        .suites.flatMap((s) => s.vectors)
        .find((v) => v.id === "explicit-id/extra/ok")!.expected;
    expect(expectedOf()).toEqual({ accepted: true, reason: null });
    const path = entryHolding('"id":"explicit-id/extra/ok"');
    writeFileSync(path, readFileSync(path, "utf8").replace('"accepted":true', '"accepted":false'));
    expect(expectedOf()).toEqual({ accepted: true, reason: null });
    expect(stderr.filter((l) => l.startsWith("corpus parse cache: discarded"))).toHaveLength(1);
  });
});
