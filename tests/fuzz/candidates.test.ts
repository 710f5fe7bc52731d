// Fuzz candidates: never an input the corpus holds (compared as operation + canonical input), named
// by what they probe, written as block YAML that loads as corpus and runs.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { alreadyInCorpus, candidateFiles, inputKey } from "../../harness/fuzz/candidates.ts";
import type { FuzzGroup } from "../../harness/fuzz/fuzz-run.ts";
import { vectorFileYaml } from "../../harness/fuzz/vector-yaml.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

const corpus = loadCorpus();

function group(op: string, input: Record<string, unknown>, answers: Record<string, string>): FuzzGroup {
  return {
    op,
    signature: `${op} s`,
    seed: 7,
    path: "3:1",
    input,
    partition: Object.keys(answers).sort().join(" | "),
    classes: Object.entries(answers).map(([name, answer]) => ({ answer, implementations: [name] })),
    cases: 1,
    variants: [],
    shrink: { evaluations: 2, interrupted: false },
    found_as: [],
  };
}

describe("fuzz candidates", () => {
  it("never re-offer tool-meta/presence/default-alias-only, whatever the key order of the shrunk input", () => {
    const held = corpus.suites.flatMap((s) => s.vectors).find((v) => v.id === "tool-meta/presence/default-alias-only")!;
    expect(held.input).toEqual({ default_tool_meta: { alias: "search" }, tool_meta: null });
    const reordered = group(
      "tool_meta.merge",
      { tool_meta: null, default_tool_meta: { alias: "search" } },
      {
        reference: '{"merged":{"alias":"search"}}',
        python: '{"merged":{}}',
      },
    );
    expect(alreadyInCorpus(corpus, [reordered]).get(reordered)).toBe("tool-meta/presence/default-alias-only");
    expect(candidateFiles(corpus, [reordered], "fuzz")).toEqual([]);
    // The same input under another operation is another question: the operation is part of the key.
    expect(inputKey("tool_meta.merge", held.input)).not.toBe(inputKey("tool_meta.reconcile", held.input));
  });

  it("offer an input once per batch and once per target file", () => {
    const a = group("bundle_id.normalize", { name: "a\u200Bb" }, { reference: '{"normalized":"a_b"}', sdk: '{"normalized":"ab"}' });
    const again = group("bundle_id.normalize", { name: "a\u200Bb" }, { reference: '{"normalized":"a_b"}', sdk: '{"normalized":"a"}' });
    expect(candidateFiles(corpus, [a, again], "fuzz").flatMap((f) => f.vectors)).toHaveLength(1);
    const heldInputs = new Map([[inputKey(a.op, a.input), "bundle-id/review/x"]]);
    expect(candidateFiles(corpus, [a], "fuzz", { heldInputs })).toEqual([]);
  });

  it("are named <suite>/<group>/<what the input probes>; a repeat says what tells it apart (issue 31: not -2)", () => {
    const one = group("bundle_id.normalize", { name: "x\u200Bb" }, { reference: '{"normalized":"x_b"}', sdk: '{"normalized":"xb"}' });
    const two = group("bundle_id.normalize", { name: "y\u200Bb" }, { reference: '{"normalized":"y_b"}', sdk: '{"normalized":"yb"}' });
    const [file] = candidateFiles(corpus, [one, two], "fuzz --seed 7", { group: "zero-width" });
    expect(file!.vectors.map((v) => v.id)).toEqual([
      "bundle-id/zero-width/zero-width",
      "bundle-id/zero-width/zero-width-name-y-b-zero-width",
    ]);
    const [v] = file!.vectors;
    expect(v!.description).toBe(
      'bundle_id.normalize: the reference gives {"normalized":"x_b"}. The input holds a zero-width or format character (U+200B) at /name. Implementations differ: reference says {"normalized":"x_b"}; sdk says {"normalized":"xb"}',
    );
    expect(v!.tier).toBe("observe");
    expect(v!.spec.note).toMatch(/^awaits review: /);
    expect(v!.provenance).toEqual({ source: "fuzz", by: "fuzz --seed 7", seed: 7, replay_path: "3:1" });
  });

  it("load as corpus from their block-YAML file and run (observed, never judged)", async () => {
    const groups = [
      group(
        "server_config.validate",
        { config: { name: "x", type: "STDIO", server_parameters: {} } },
        {
          reference: '{"accepted":false,"reason":"config.unknown_type"}',
          sdk: '{"accepted":true,"reason":null}',
        },
      ),
      group(
        "window_uri.parse",
        { uri: "window://h/\u0301" },
        { reference: '{"host":"h","path":["\u0301"],"warnings":[]}', sdk: "error window_uri.invalid" },
      ),
    ];
    const files = candidateFiles(corpus, groups, "fuzz");
    const root = mkdtempSync(join(tmpdir(), "smcp-candidates-"));
    for (const file of files) {
      mkdirSync(join(root, file.suite));
      const text = vectorFileYaml(file);
      expect(text).not.toMatch(/^ {4}input: \{"/m);
      writeFileSync(join(root, file.suite, "fuzz-candidates.yaml"), text);
    }
    const ids = files.flatMap((f) => f.vectors.map((v) => v.id));
    expect(ids).toEqual(["server-config/fuzz/type-stdio", "window-uri/fuzz/nfd"]);
    const loaded = loadCorpus({ extraRoots: [root] });
    const vectors = selectVectors(loaded, { ids });
    expect(vectors.map((v) => v.input)).toEqual(groups.map((g) => g.input));
    const report = await runCorpus({ corpus: loaded, vectors, implementations: [referenceInProcess()] });
    expect(report.cases.map((c) => c.status)).toEqual(["observed", "observed"]);
  });
});
