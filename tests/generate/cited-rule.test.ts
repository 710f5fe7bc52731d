// Generated vectors and fuzz candidates cite as a hand-written vector does: the versioned spec file
// and covers: candidates whose index entry matches the rule (issue 45, item 5).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { candidateFiles } from "../../harness/fuzz/candidates.ts";
import type { FuzzGroup } from "../../harness/fuzz/fuzz-run.ts";
import { coverCandidates, MAX_COVER_CANDIDATES, versionedFile } from "../../harness/fuzz/rule-reference.ts";
import { vectorFileYaml } from "../../harness/fuzz/vector-yaml.ts";
import { generateVectors } from "../../harness/generate/generate-vectors.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";

const corpus = loadCorpus();
const vectors = corpus.suites.flatMap((s) => s.vectors);

describe("covers candidates and the versioned file", () => {
  it("generate explicit-id: every vector names known requirements of its rule and a versioned file, though the rule vectors cite the unversioned 0.3.0 path", async () => {
    // The corpus's explicit-id vectors cite the 0.3.0 docs path: what generate copied before.
    expect(
      vectors
        .filter((v) => v.suite === "explicit-id")
        .some((v) => v.spec.file === "a2c-smcp-protocol:docs/specification/data-structures.md"),
    ).toBe(true);
    const generated = await generateVectors({
      corpus,
      suite: "explicit-id",
      ops: ["bundle_id.validate"],
      arbitraries: OP_ARBITRARIES,
      seed: 21,
      count: 6,
      tier: "should",
      reference: referenceInProcess(),
      others: [],
      command: "test",
      group: "generated",
    });
    expect(generated.length).toBeGreaterThan(3);
    for (const v of generated) {
      expect(v.spec.file, v.id).toMatch(/^a2c-smcp-protocol@0\.4\.0:specification\/data-structures\.md$/);
      expect(v.covers?.length, v.id).toBeGreaterThan(0);
      expect(v.covers!.length).toBeLessThanOrEqual(MAX_COVER_CANDIDATES);
      for (const id of v.covers!) {
        const r = corpus.requirements.get(id);
        expect(r, id).toBeDefined();
        expect(r!.page).toBe("data-structures");
      }
    }
    // A rejected-for-charset vector proposes what the charset vectors cover.
    const charset = generated.find((v) => (v.expected as { reason?: string } | undefined)?.reason === "bundle_id.charset");
    if (charset) expect(charset.covers).toContain("data-structures/bundleid/3");
    // Written as a hand-written vector is: covers after the tier, and it reads back.
    const text = vectorFileYaml({ suite: "explicit-id", description: "t", provenance: { source: "generated" }, vectors: generated });
    expect(text).toMatch(/^ {4}tier: should\n {4}covers: \[[a-z0-9/-]+(, [a-z0-9/-]+)*\]\n {4}op: bundle_id\.validate$/m);
    expect(parse(text).vectors[0].covers).toEqual(generated[0]!.covers);
  }, 60_000);

  it("a fuzz candidate carries them too", () => {
    const group: FuzzGroup = {
      op: "bundle_id.validate",
      signature: "s",
      seed: 1,
      path: "0",
      input: { bundle_id: "never-in-the-corpus\u00a0x" },
      partition: "reference | sdk",
      classes: [
        { answer: '{"accepted":false,"reason":"bundle_id.charset"}', implementations: ["reference"] },
        { answer: '{"accepted":true,"reason":null}', implementations: ["sdk"] },
      ],
      cases: 1,
      variants: [],
      shrink: { evaluations: 0, interrupted: false },
      found_as: [],
    };
    const [file] = candidateFiles(corpus, [group], "fuzz");
    const v = file!.vectors[0]!;
    expect(v.tier).toBe("observe");
    expect(v.spec.file).toBe("a2c-smcp-protocol@0.4.0:specification/data-structures.md");
    expect(v.covers).toContain("data-structures/bundleid/3");
  });

  it("the candidates come first from the vectors checking the same rule, then the section's pure statements; the file is the one hand-written vectors cite for that page", () => {
    const rule = vectors.filter((v) => v.covers.includes("data-structures/bundleid/4"));
    const covers = coverCandidates(corpus, rule, "BundleID（软件唯一标识）");
    expect(covers[0]).toBe("data-structures/bundleid/4");
    expect(covers.length).toBe(MAX_COVER_CANDIDATES);
    const section = (id: string) => corpus.requirements.get(id)?.section === "BundleID（软件唯一标识）";
    for (const id of covers) expect(rule.some((v) => v.covers.includes(id)) || section(id), id).toBe(true);
    // A rule whose vectors cover nothing: the section's pure statements, in index order.
    expect(coverCandidates(corpus, [], "BundleID（软件唯一标识）")).toEqual([
      "data-structures/bundleid/1",
      "data-structures/bundleid/2",
      "data-structures/bundleid/3",
      "data-structures/bundleid/4",
      "data-structures/bundleid/5",
    ]);
    expect(versionedFile(corpus, "a2c-smcp-protocol:docs/specification/data-structures.md", covers)).toBe(
      "a2c-smcp-protocol@0.4.0:specification/data-structures.md",
    );
    // Kept: a versioned file, the config seed, and a statement only the 0.3.x text holds (cited unversioned by hand too).
    expect(versionedFile(corpus, "a2c-smcp-protocol@0.4.0:specification/desktop.md", covers)).toBe(
      "a2c-smcp-protocol@0.4.0:specification/desktop.md",
    );
    expect(versionedFile(corpus, "seeds/002", covers)).toBe("seeds/002");
    const old = [...corpus.requirements.values()].find((r) => r.text.protocol === "0.3.0")!;
    expect(versionedFile(corpus, "a2c-smcp-protocol:docs/guides/x.md", [old.id])).toBe("a2c-smcp-protocol:docs/guides/x.md");
  });
});
