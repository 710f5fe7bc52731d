// `generate --into`: vectors appended to a suite's file load with the corpus loader and run; a file
// of another suite, or an id already there, is refused with one line (a UsageError: exit 2).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { generateCommand } from "../../harness/commands/generate-command.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { generateVectors } from "../../harness/generate/generate-vectors.ts";
import { appendedText, appendInto, readInto } from "../../harness/generate/into-file.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { UsageError } from "../../harness/util/usage-error.ts";

const corpus = loadCorpus();

function scratchRoot(suite: string): string {
  const root = mkdtempSync(join(tmpdir(), "smcp-into-test-"));
  mkdirSync(join(root, suite));
  return root;
}

async function generate(suite: string, seed: number, taken: { ids: ReadonlySet<string>; inputs: ReadonlyMap<string, string> }) {
  const ops = corpus.suites.find((s) => s.name === suite)!.ops.filter((op) => OP_ARBITRARIES[op]);
  const vectors = await generateVectors({
    corpus,
    suite,
    ops,
    arbitraries: OP_ARBITRARIES,
    seed,
    count: 5,
    tier: "should",
    reference: referenceInProcess(),
    others: [],
    command: `test --seed ${seed}`,
    group: "review",
    takenIds: taken.ids,
    heldInputs: taken.inputs,
  });
  return { suite, description: "generated in a test", provenance: { source: "generated" as const, by: "test" }, vectors };
}

describe("generate --into", () => {
  it("creates the file with the corpus header, appends a second batch, and both load and run green", async () => {
    const root = scratchRoot("server-config");
    const path = join(root, "server-config", "review.yaml");
    const first = await generate("server-config", 5, readInto(path, "server-config"));
    appendInto(readInto(path, "server-config"), first, "first batch");
    const second = await generate("server-config", 6, readInto(path, "server-config"));
    appendInto(readInto(path, "server-config"), second, "second batch");

    const text = readFileSync(path, "utf8");
    expect(text).toMatch(/^suite: server-config\ndescription: /);
    expect(text).toContain("  # first batch\n");
    expect(text).toContain("  # second batch\n");
    const ids = [...first.vectors, ...second.vectors].map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^server-config\/review\/[a-z][a-z0-9.-]*$/);
    expect(ids.filter((id) => /[0-9a-f]{8}/.test(id))).toEqual([]); // no hash ids

    const loaded = loadCorpus({ extraRoots: [root] });
    const appended = selectVectors(loaded, { ids });
    expect(appended.map((v) => v.id).sort()).toEqual([...ids].sort());
    for (const v of appended) {
      expect(v.spec.note).toMatch(/^awaits review: /);
      expect(v.description).toMatch(/the reference (accepts|rejects|refuses|reports|gives)/);
    }
    const report = await runCorpus({ corpus: loaded, vectors: appended, implementations: [referenceInProcess()] });
    expect(new Set(report.cases.map((c) => c.status))).toEqual(new Set(["pass"]));
  }, 120_000);

  it("appends to a hand-written file in its own style, leaving every existing byte as it was", async () => {
    const root = scratchRoot("tool-meta");
    const path = join(root, "tool-meta", "fuzz-found.yaml");
    copyFileSync(join(KIT_VECTORS_DIR, "tool-meta", "fuzz-found.yaml"), path);
    const before = readFileSync(path, "utf8");
    const target = readInto(path, "tool-meta");
    expect(target.ids.has("tool-meta/presence/default-alias-only")).toBe(true);
    const batch = await generate("tool-meta", 9, target);
    const text = appendedText(target, batch, "appended in a test");
    expect(text.startsWith(before.replace(/\n*$/, "\n"))).toBe(true);
    const parsed = parse(text) as { suite: string; vectors: Array<{ id: string }> };
    expect(parsed.suite).toBe("tool-meta");
    expect(parsed.vectors.map((v) => v.id)).toEqual([
      ...(parse(before) as { vectors: Array<{ id: string }> }).vectors.map((v) => v.id),
      ...batch.vectors.map((v) => v.id),
    ]);
  }, 60_000);

  it("refuses a file of another suite, a folder named for another suite, and an id already in the file", async () => {
    const root = scratchRoot("tlv");
    const tlvFile = join(root, "tlv", "extra.yaml");
    writeFileSync(tlvFile, "suite: tlv\nprovenance: { source: authored }\nvectors:\n  - id: tlv/x/y\n");
    expect(() => readInto(tlvFile, "explicit-id")).toThrow(
      new UsageError(`--into ${tlvFile}: the file's suite is "tlv", not "explicit-id"`),
    );
    const fresh = join(root, "tlv", "new.yaml");
    expect(() => readInto(fresh, "explicit-id")).toThrow(/the file would be in suite folder "tlv", not "explicit-id"/);
    expect(() => readInto(join(root, "nope", "x.yaml"), "tlv")).toThrow(/folder .* does not exist/);

    const target = readInto(tlvFile, "tlv");
    const clash = {
      suite: "tlv",
      description: "d",
      provenance: { source: "generated" as const },
      vectors: [
        {
          id: "tlv/x/y",
          description: "d",
          spec: { file: "f", section: "s" },
          tier: "observe" as const,
          op: "bundle_id.identity_bytes",
          input: {},
        },
      ],
    };
    expect(() => appendedText(target, clash, "c")).toThrow(new UsageError(`--into ${tlvFile}: vector tlv/x/y is already in the file`));
  });

  it("checks the target before any implementation starts: the command throws the one-line usage error", async () => {
    const root = scratchRoot("tlv");
    const into = join(root, "tlv", "generated.yaml");
    const call = generateCommand({ suite: "explicit-id", into, count: "2", tier: "should", adapter: [], out: root });
    await expect(call).rejects.toThrow(new UsageError(`--into ${into}: the file would be in suite folder "tlv", not "explicit-id"`));
    await expect(generateCommand({ suite: "tlv", group: "Bad Group", count: "2", tier: "should", adapter: [], out: root })).rejects.toThrow(
      /--group "Bad Group": an id segment is lower-case/,
    );
  });
});
