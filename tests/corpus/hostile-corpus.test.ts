// A corpus a hostile tester would write (issue 20, items 6 and 10): values JSON cannot carry, bytes
// that are not UTF-8, alias bombs, FIFOs, devices and links out of the corpus are corpus errors
// with their file and line, found fast, before anything runs.
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CorpusError, type CorpusProblem } from "../../harness/corpus/errors.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { parseSource } from "../../harness/corpus/yaml-source.ts";
import { KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "./temp-corpus.ts";

function problemsOfRoot(root: string): CorpusProblem[] {
  try {
    loadCorpus({ extraRoots: [root] });
  } catch (error) {
    if (error instanceof CorpusError) return [...error.problems];
    throw error;
  }
  throw new Error("the corpus loaded without problems");
}

const problemsOf = (files: Record<string, string>) => problemsOfRoot(tempCorpus(files));

/** The good vector with its input's bundle_id replaced by a YAML value. */
const withValue = (yaml: string) => ({
  "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR.replace("bundle_id: abc", `bundle_id: ${yaml}`)),
});

describe("YAML values JSON cannot carry (item 6)", () => {
  const cases: Array<[string, RegExp]> = [
    [".inf", /JSON has no Infinity/],
    ["-.inf", /JSON has no Infinity/],
    [".nan", /JSON has no NaN/],
    ["-0", /-0: JSON carries it as 0/],
    [
      "12345678901234567890",
      /12345678901234567890: an integer past 2\^53 that a number cannot hold exactly \(it would arrive as 12345678901234567000/,
    ],
    ["!!timestamp 2001-12-14", /tag tag:yaml.org,2002:timestamp/],
    ["!!binary aGVsbG8=", /tag tag:yaml.org,2002:binary/],
    ["!custom x", /tag !custom|Unresolved tag/],
  ];
  // One corpus, a file per value, loaded once: every file's problem is reported together.
  const files = Object.fromEntries(cases.map(([value], i) => [`explicit-id/value-${i}.yaml`, withValue(value)["explicit-id/extra.yaml"]!]));
  const problems = problemsOf(files);

  it.each(cases.map(([value, message], i) => [value, message, i] as const))("%s is a corpus error at its line", (_value, message, i) => {
    const mine = problems.filter((p) => p.file.endsWith(`value-${i}.yaml`));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ code: "corpus.not_json", line: 9, vectorId: "explicit-id/extra/ok" });
    expect(mine.map((p) => p.message).join("\n")).toMatch(message);
  });

  it("quoted text, floats and integers past 2^53 that a number holds exactly are not refused by the JSON check", () => {
    const root = tempCorpus(withValue('"2001-12-14"'));
    expect(selectVectors(loadCorpus({ extraRoots: [root] }), { filter: "explicit-id/extra/" })).toHaveLength(1);
    const floats = tempCorpus({
      "explicit-id/extra.yaml": explicitIdFile(
        GOOD_VECTOR.replace("input: { bundle_id: abc }", "input: { bundle_id: abc, n: 1.0e+308, m: 9007199254740994 }"),
      ),
    });
    expect(() => loadCorpus({ extraRoots: [floats] })).toThrow(/unknown property "n" .*\[corpus.schema\]/); // the schema speaks, not the JSON check
  });

  it("a __proto__ key is an own key of the input, as JSON.parse makes it", () => {
    const root = tempCorpus({
      "explicit-id/extra.yaml": explicitIdFile(
        GOOD_VECTOR.replace("input: { bundle_id: abc }", 'input: { bundle_id: abc, "__proto__": { polluted: 1 } }'),
      ),
    });
    expect(() => loadCorpus({ extraRoots: [root] })).toThrow(CorpusError);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("bytes that are not UTF-8 are a corpus error at their line, never silently replaced", () => {
    const root = tempCorpus({});
    mkdirSync(join(root, "explicit-id"));
    const text = Buffer.from(explicitIdFile(GOOD_VECTOR).replace("a plain id", "a plain id X"));
    text[text.indexOf("X")] = 0xff;
    writeFileSync(join(root, "explicit-id", "extra.yaml"), text);
    const problems = problemsOfRoot(root);
    expect(problems[0]).toMatchObject({ code: "corpus.encoding", line: 5 });
    expect(problems[0]!.message).toMatch(/not valid UTF-8 \(byte \d+, 0xff\)/);
  });
});

describe("resource exhaustion in the corpus (item 10)", () => {
  it("an alias bomb under the alias-count limit is refused at once, not expanded", () => {
    const levels = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i <= 9; i++)
      levels.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(",")}]`,
      );
    const bomb = explicitIdFile(GOOD_VECTOR).replace(
      "provenance: { source: authored }",
      `provenance: { source: authored }\n${levels.join("\n")}`,
    );
    const started = performance.now();
    expect(() => parseSource("bomb.yaml", bomb)).toThrow(/aliases expand past \d+ bytes/);
    expect(performance.now() - started).toBeLessThan(2_000); // the file alone: 9^9 values are never built
    const problems = problemsOf({ "explicit-id/bomb.yaml": bomb });
    expect(problems[0]).toMatchObject({ code: "corpus.too_large" });
    expect(problems[0]!.message).toMatch(/aliases expand past \d+ bytes/);
  });

  it("aliases used as the kit's own files use them (a shared spec reference) still load", () => {
    const file = explicitIdFile(GOOD_VECTOR.replace("spec: { file: x.md, section: s }", "spec: &s { file: x.md, section: s }"));
    expect(() => loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/extra.yaml": file })] })).not.toThrow();
  });

  it("nesting past the depth limit is a corpus error", () => {
    const deep = `${"[".repeat(100)}1${"]".repeat(100)}`;
    const problems = problemsOf(withValue(deep));
    expect(problems.some((p) => p.code === "corpus.too_large" && /nested deeper than \d+ levels/.test(p.message))).toBe(true);
  });

  it.runIf(existsSync("/usr/bin/mkfifo") || existsSync("/bin/mkfifo"))("a FIFO named *.yaml is refused without blocking", () => {
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR) });
    execFileSync("mkfifo", [join(root, "explicit-id", "fifo.yaml")]);
    const problems = problemsOfRoot(root);
    expect(problems).toEqual([
      expect.objectContaining({ code: "corpus.not_a_file", message: expect.stringMatching(/is a FIFO: only regular files are read/) }),
    ]);
  });

  it.runIf(existsSync("/dev/zero"))("a --vectors link to a device is refused, not read", () => {
    const root = tempCorpus({});
    symlinkSync("/dev/zero", join(root, "vectors"));
    const problems = problemsOfRoot(join(root, "vectors"));
    expect(problems).toEqual([expect.objectContaining({ code: "corpus.missing_dir", message: "vector folder is a device, not a folder" })]);
  });

  it.runIf(existsSync("/dev/zero"))("a *.yaml link to a device, or to a file outside the corpus folder, is refused", () => {
    const outside = tempCorpus({ "elsewhere.yaml": explicitIdFile(GOOD_VECTOR) });
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR) });
    symlinkSync("/dev/zero", join(root, "explicit-id", "zero.yaml"));
    symlinkSync(join(outside, "elsewhere.yaml"), join(root, "explicit-id", "outside.yaml"));
    const messages = problemsOfRoot(root).map((p) => `${p.code} ${p.file} ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^corpus.not_a_file .*outside\.yaml is a link to .*elsewhere\.yaml, outside the corpus folder/),
      expect.stringMatching(/^corpus.not_a_file .*zero\.yaml is a link to \/dev\/zero, outside the corpus folder/),
    ]);
  });

  it("a link inside the corpus folder is followed", () => {
    const root = tempCorpus({ "_shared/extra.yaml": explicitIdFile(GOOD_VECTOR) }); // _shared/ is no suite folder
    mkdirSync(join(root, "explicit-id"));
    symlinkSync(join(root, "_shared", "extra.yaml"), join(root, "explicit-id", "linked.yaml"));
    expect(selectVectors(loadCorpus({ extraRoots: [root] }), { filter: "explicit-id/extra/" }).map((v) => v.id)).toEqual([
      "explicit-id/extra/ok",
    ]);
  });

  it("an upstream fixture whose bytes changed is refused before it is read", () => {
    const root = tempCorpus({});
    cpSync(join(KIT_VECTORS_DIR, "upstream-bundle-id"), join(root, "upstream-bundle-id"), { recursive: true });
    appendFileSync(join(root, "upstream-bundle-id", "bundle_id_conformance_vectors.json"), " ");
    let problems: CorpusProblem[] = [];
    try {
      loadCorpus({ kitCorpus: false, extraRoots: [root] });
    } catch (error) {
      problems = [...(error as CorpusError).problems];
    }
    expect(problems).toEqual([
      expect.objectContaining({ code: "corpus.upstream_mismatch", message: expect.stringMatching(/differs from the recorded upstream/) }),
    ]);
  });
});

describe("an extra corpus's own schema.json (issue 32)", () => {
  const suite = (schema: string, description = "a plain id") => ({
    "my-suite/suite.yaml": "suite: my-suite\ntitle: an extra suite\nops: [bundle_id.validate]\n",
    "my-suite/schema.json": schema,
    "my-suite/v.yaml": [
      "suite: my-suite",
      "provenance: { source: authored }",
      "vectors:",
      GOOD_VECTOR.replace("explicit-id/extra/ok", "my-suite/x/one").replace("a plain id", description),
    ].join("\n"),
  });
  const items =
    '"properties":{"vectors":{"type":"array","items":{"type":"object","properties":{"description":{"type":"string","pattern":"^(a|a)*$"}}}}}';

  it("a pattern that backtracks catastrophically is stopped at the time limit: a corpus error naming the vector file and the schema", () => {
    const started = Date.now();
    const problems = problemsOf(suite(`{"$id":"x:my-suite","type":"object",${items}}`, `${"a".repeat(40)}!`));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "corpus.schema" });
    expect(problems[0]!.file).toMatch(/my-suite\/v\.yaml$/);
    expect(problems[0]!.message).toMatch(/my-suite\/schema\.json took longer than 2000 ms and was stopped/);
  }, 30_000);

  it("a schema with no $id, or a $ref to nothing, is a corpus error naming schema.json (it was a stack trace)", () => {
    for (const [schema, message] of [
      ['{"type":"object"}', /a suite schema needs an \$id/],
      ['{"$id":"x:bad-ref","$ref":"#/nope"}', /not a schema the kit can use: can't resolve reference #\/nope/],
      ['{"$id":"x:bad-keyword","typo":1}', /not a schema the kit can use: strict mode: unknown keyword: "typo"/],
    ] as const) {
      const problems = problemsOf(suite(schema));
      expect(problems, schema).toHaveLength(1);
      expect(problems[0]!.file, schema).toMatch(/my-suite\/schema\.json$/);
      expect(problems[0]!.message, schema).toMatch(message);
    }
  });
});
