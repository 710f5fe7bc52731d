// `generate`: vectors for every authored suite load as corpus (schema-checked) and pass the reference.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { vectorFileYaml } from "../../harness/fuzz/vector-yaml.ts";
import { generateVectors } from "../../harness/generate/generate-vectors.ts";
import { familiesOf } from "../../harness/generators/families.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { canonicalJson } from "../../harness/util/canonical-json.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";

const corpus = loadCorpus();
const suites = corpus.suites.filter((s) => !s.name.startsWith("upstream-") && s.ops.some((op) => OP_ARBITRARIES[op]));

async function generateAll(seed: number) {
  const root = mkdtempSync(join(tmpdir(), "smcp-generated-"));
  const files: Record<string, string> = {};
  for (const suite of suites) {
    const reference = referenceInProcess();
    const ops = suite.ops.filter((op) => OP_ARBITRARIES[op]);
    const vectors = await generateVectors({
      corpus,
      suite: suite.name,
      ops,
      arbitraries: OP_ARBITRARIES,
      seed,
      count: 8,
      tier: "should",
      reference,
      others: [],
      command: "test",
      group: "generated",
      families: familiesOf(ops),
    });
    mkdirSync(join(root, suite.name));
    files[suite.name] = vectorFileYaml({
      suite: suite.name,
      description: "test",
      provenance: { source: "generated", by: "test" },
      vectors,
    });
    writeFileSync(join(root, suite.name, "generated.yaml"), files[suite.name]!);
  }
  return { root, files };
}

describe("generate", () => {
  it("writes vectors for every authored suite that load as corpus and run green against the reference", async () => {
    const { root } = await generateAll(11);
    const withGenerated = loadCorpus({ extraRoots: [root] }); // throws with file, id and pointer on any schema problem
    const generated = selectVectors(withGenerated, {}).filter((v) => v.provenance.source === "generated");
    expect(generated.length).toBeGreaterThanOrEqual(suites.length * 8 * 0.9);
    const report = await runCorpus({ corpus: withGenerated, vectors: generated, implementations: [referenceInProcess()] });
    expect(report.cases.filter((c) => c.status !== "pass").map((c) => `${c.vector_id} ${c.status} ${JSON.stringify(c.diffs)}`)).toEqual([]);
  }, 60_000);

  it("never repeats an input the corpus already has, and is reproducible from its seed", async () => {
    const known = new Set(corpus.suites.flatMap((s) => s.vectors.map((v) => canonicalJson({ op: v.op, input: v.input }))));
    const first = await generateAll(12);
    const again = await generateAll(12);
    expect(again.files).toEqual(first.files);
    const generated = selectVectors(loadCorpus({ extraRoots: [first.root] }), {}).filter((v) => v.provenance.source === "generated");
    const keys = generated.map((v) => canonicalJson({ op: v.op, input: v.input }));
    expect(keys.filter((k) => known.has(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  }, 60_000);

  it("spreads the pick over kinds of answer: a validation suite gets both verdicts and several reasons", async () => {
    const { root } = await generateAll(13);
    const vectors = selectVectors(loadCorpus({ extraRoots: [root] }), { suites: ["explicit-id"] }).filter(
      (v) => v.provenance.source === "generated",
    );
    const kinds = new Set(vectors.map((v) => canonicalJson(v.expected ?? v.expected_error)));
    expect(kinds.size).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it("runs from the CLI and prints how to run the result", async () => {
    const out = tempOut();
    const result = await cli(["generate", "--suite", "explicit-id", "--seed", "3", "--count", "4", "--out", out]);
    expect(result.exitCode, result.stderr).toBe(0);
    const file = result.stdout.split("\n")[1]!;
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/^suite: explicit-id\n/);
    expect(text).toMatch(/^ {2}- id: explicit-id\/generated\/[a-z0-9.-]+$/m); // block YAML, readable ids
    expect(text).not.toMatch(/^ {4}input: \{"/m); // not JSON-in-YAML
    expect(result.stdout).toMatch(/run them: npx smcp-conformance run --vectors .* --filter 'explicit-id\/generated\/\*'/);
    const bad = await cli(["generate", "--suite", "upstream-bundle-id", "--out", out]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/no authored suite "upstream-bundle-id"/);
  }, 180_000);
});
