// A broken corpus never half-runs: every problem names file, line, vector id and pointer.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { explicitIdFile, GOOD_VECTOR, problemsOf, tempCorpus } from "./temp-corpus.ts";

describe("bad corpus input", () => {
  it("accepts a good extra file for a known suite", () => {
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR) })] });
    expect(selectVectors(corpus, { filter: "explicit-id/extra/" }).map((v) => v.id)).toEqual(["explicit-id/extra/ok"]);
  });

  it("YAML syntax error: file and line", () => {
    const problems = problemsOf({
      "explicit-id/broken.yaml": explicitIdFile(GOOD_VECTOR).replace("input: { bundle_id: abc }", "input: { bundle_id: [abc }"),
    });
    expect(problems[0]).toMatchObject({ code: "corpus.yaml_syntax", line: 9, vectorId: "explicit-id/extra/ok" });
    for (const p of problems) {
      expect(p.code).toBe("corpus.yaml_syntax");
      expect(p.file).toMatch(/explicit-id\/broken\.yaml$/);
    }
  });

  it("schema violation: file, line, vector id and pointer", () => {
    const problems = problemsOf({ "explicit-id/bad.yaml": explicitIdFile(GOOD_VECTOR.replace("tier: must", "tier: maybe")) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "corpus.schema", line: 7, vectorId: "explicit-id/extra/ok", pointer: "/vectors/0/tier" });
    expect(problems[0]!.message).toContain('"must", "should", "observe"');
  });

  it("a missing required field points where it belongs", () => {
    const problems = problemsOf({ "explicit-id/bad.yaml": explicitIdFile(GOOD_VECTOR.replace(/\n {4}description: .*/, "")) });
    expect(problems[0]).toMatchObject({
      code: "corpus.schema",
      vectorId: "explicit-id/extra/ok",
      pointer: "/vectors/0/description",
      line: 4,
    });
  });

  it("an op input of the wrong shape is a schema violation at the op's pointer", () => {
    const problems = problemsOf({
      "explicit-id/bad.yaml": explicitIdFile(GOOD_VECTOR.replace("input: { bundle_id: abc }", "input: { bundleId: abc }")),
    });
    expect(problems.map((p) => p.pointer)).toContain("/vectors/0/input/bundleId");
    expect(problems.every((p) => p.line === 9)).toBe(true);
  });

  it("duplicate ids name both places", () => {
    const problems = problemsOf({ "explicit-id/a.yaml": explicitIdFile(GOOD_VECTOR), "explicit-id/b.yaml": explicitIdFile(GOOD_VECTOR) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "corpus.duplicate_id", vectorId: "explicit-id/extra/ok", line: 4 });
    expect(problems[0]!.message).toMatch(/first defined at .*a\.yaml:4/);
  });

  it("an unknown suite folder, and a file declaring another suite", () => {
    const problems = problemsOf({
      "no-such-suite/x.yaml": explicitIdFile(GOOD_VECTOR),
      "explicit-id/wrong.yaml": explicitIdFile(GOOD_VECTOR).replace("suite: explicit-id", "suite: tlv"),
    });
    expect(problems.map((p) => p.code).sort()).toEqual(["corpus.unknown_suite", "corpus.unknown_suite"]);
    const messages = problems.map((p) => p.message).join("\n");
    expect(messages).toMatch(/unknown suite "no-such-suite"/);
    expect(messages).toMatch(/file declares suite "tlv" but lives in suite folder "explicit-id"/);
  });

  it("covers: a requirement id the index lacks, and one outside the vector's protocol span", () => {
    const withCovers = (covers: string, extra = "") =>
      explicitIdFile(
        `${GOOD_VECTOR.replace(/\n {4}covers: .*/, "").replace("    tier: must", `    tier: must\n    covers: [${covers}]${extra}`)}`,
      );
    expect(problemsOf({ "explicit-id/a.yaml": withCovers("data-structures/no-such-section/1") })).toEqual([
      expect.objectContaining({
        code: "corpus.unknown_requirement",
        vectorId: "explicit-id/extra/ok",
        pointer: "/vectors/0/covers/0",
        line: 8,
        message: expect.stringContaining("covers unknown requirement data-structures/no-such-section/1"),
      }),
    ]);
    const known = [...loadCorpus().requirements.values()].find((r) => r.since === "0.4.0" && r.until === undefined)!;
    const outside = problemsOf({ "explicit-id/a.yaml": withCovers(known.id, '\n    until: "0.3.2"') });
    expect(outside).toEqual([
      expect.objectContaining({
        code: "corpus.unknown_requirement",
        message: expect.stringContaining("but the vector applies to protocol 0.3.0 … 0.3.2"),
      }),
    ]);
  });

  it("an op outside the suite, an unknown reason, an id without the suite prefix", () => {
    const vector = GOOD_VECTOR.replace("op: bundle_id.validate", "op: exposed_name").replace("id: explicit-id/extra/ok", "id: other/x/y");
    const problems = problemsOf({ "explicit-id/a.yaml": explicitIdFile(vector) });
    expect(problems.map((p) => p.code)).toContain("corpus.schema"); // the suite schema's op enum
    const reason = problemsOf({
      "explicit-id/a.yaml": explicitIdFile(GOOD_VECTOR.replace("accepted: true, reason: null", "accepted: false, reason: bundle_id.nope")),
    });
    expect(reason).toEqual([expect.objectContaining({ code: "corpus.unknown_reason", pointer: "/vectors/0/expected/reason", line: 10 })]);
    const prefix = problemsOf({
      "explicit-id/a.yaml": explicitIdFile(GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: tlv/extra/ok")),
    });
    expect(prefix).toEqual([expect.objectContaining({ code: "corpus.id_prefix", vectorId: "tlv/extra/ok" })]);
  });

  it("every broken file is reported in one pass", () => {
    const problems = problemsOf({
      "explicit-id/a.yaml": "suite: [",
      "explicit-id/b.yaml": explicitIdFile(GOOD_VECTOR.replace("tier: must", "tier: 1")),
    });
    expect(problems.map((p) => p.code).sort()).toEqual(["corpus.schema", "corpus.yaml_syntax"]);
  });

  it("a vector folder that does not exist", () => {
    expect(() => loadCorpus({ extraRoots: ["/nonexistent/vectors"] })).toThrow(/vector folder does not exist/);
  });

  it("--suite naming an unknown suite", () => {
    expect(() => selectVectors(loadCorpus(), { suites: ["nope"] })).toThrow(/unknown suite "nope"/);
  });
});

describe("plugin-layout file paths that could escape the adapter's temp folder", () => {
  const vector = (path: string) =>
    [
      "suite: plugin-layout",
      "provenance: { source: authored }",
      "vectors:",
      "  - id: plugin-layout/extra/escape",
      "    description: a hostile file name",
      "    spec: { file: x.md, section: s }",
      "    tier: must",
      "    op: plugin.layout",
      `    input: { files: { ${JSON.stringify(path)}: "{}" } }`,
      "    expected: { accepted: true, servers: [], diagnostics: [] }",
    ].join("\n");
  it.each([
    ["../x.json", /contains a \. or \.\. segment/],
    ["mcp-servers/../../etc/passwd", /contains a \. or \.\. segment/],
    ["/etc/passwd", /is absolute/],
    ["mcp-servers\\\\x.json", /contains a backslash/],
  ])("%s is refused before any adapter sees it", (path, message) => {
    const problems = problemsOf({ "plugin-layout/escape.yaml": vector(path) });
    expect(problems).toEqual([expect.objectContaining({ code: "corpus.unsafe_path", vectorId: "plugin-layout/extra/escape", line: 9 })]);
    expect(problems[0]!.message).toMatch(message);
  });
});
