// The versioned export: every pure operation has a kit-shaped file whose entries share one set of
// keys; the upstream-shaped files keep exactly the upstream entry keys (the published schema
// accepts them), carry the published algorithm block, and the published set equals the published
// fixture; the manifest's sha256 and counts describe the bytes written, with the kit version and
// corpus hash.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { buildExport, MANIFEST_FILE } from "../../harness/export/export-bundle.ts";
import { corpusHash, kitIdentity, versionText } from "../../harness/export/kit-identity.ts";
import { KIT_VECTORS_DIR, kitPackage } from "../../harness/model/kit-files.ts";
import { OP_DEFINITIONS } from "../../harness/model/operations.ts";
import { sha256Hex } from "../../harness/util/canonical-json.ts";

const corpus = loadCorpus();
const { files, manifest } = buildExport(corpus);
const text = (file: string) => files.find((f) => f.file === file)!.text;
const json = (file: string) => JSON.parse(text(file));

describe("export", () => {
  it("the manifest lists every other file with its sha256, count, kit version and corpus hash", () => {
    const hash = corpusHash(corpus);
    expect(manifest.kit.version).toBe(kitPackage().version);
    expect(manifest.corpus.sha256).toBe(hash);
    expect(manifest.files.map((f) => f.file).sort()).toEqual(
      files
        .map((f) => f.file)
        .filter((f) => f !== MANIFEST_FILE)
        .sort(),
    );
    for (const entry of manifest.files) {
      expect(entry.sha256, entry.file).toBe(sha256Hex(text(entry.file)));
      expect(entry.count, entry.file).toBe(json(entry.file).vectors.length);
      expect([entry.kit_version, entry.corpus_sha256]).toEqual([kitPackage().version, hash]);
    }
    expect(JSON.parse(text(MANIFEST_FILE))).toEqual(manifest);
  });

  it("one kit-shaped file per pure operation, every entry with the same keys", () => {
    const pure = OP_DEFINITIONS.filter((d) => d.kind === "pure").map((d) => d.op);
    const exported = manifest.files.filter((f) => f.shape === "kit").map((f) => f.op);
    expect(exported.sort()).toEqual(
      pure.filter((op) => corpus.suites.some((s) => s.vectors.some((v) => v.op === op && v.tier !== "observe"))).sort(),
    );
    for (const op of exported) {
      const content = json(`ops/${op}.json`);
      expect(content).toMatchObject({ op, count: content.vectors.length, kit_version: kitPackage().version });
      const keys = new Set(content.vectors.map((v: object) => Object.keys(v).join(",")));
      expect([...keys], op).toEqual(["id,suite,tier,description,spec,since,until,input,expected,expected_error"]);
      for (const v of content.vectors) expect(v.tier, v.id).not.toBe("observe");
    }
  });

  it("upstream-shaped files: the published schema accepts them, the algorithm block is the published one", () => {
    for (const [suite, file] of [
      ["upstream-bundle-id", "bundle_id_conformance_vectors.json"],
      ["upstream-env-segment", "env_segment_conformance_vectors.json"],
    ] as const) {
      const published = JSON.parse(readFileSync(join(KIT_VECTORS_DIR, suite, file), "utf8"));
      const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(join(KIT_VECTORS_DIR, suite, "schema.json"), "utf8")));
      for (const name of [file, `upstream-set/${file}`]) {
        const content = json(name);
        expect(validate(content), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(content.algorithm, name).toEqual(published.algorithm);
        expect(content.$schema_note).toContain(manifest.corpus.sha256);
      }
      expect(json(`upstream-set/${file}`).vectors).toEqual(published.vectors);
      expect(json(file).vectors.length).toBeGreaterThan(published.vectors.length);
    }
  });

  it("--version names the kit, the corpus (protocols, vectors, hash) and the adapter protocol", () => {
    const lines = versionText(kitIdentity(corpus)).split("\n");
    expect(lines).toEqual([
      `smcp-conformance ${kitPackage().version}`,
      expect.stringMatching(/^corpus: protocol 0\.3\.0, 0\.3\.2, 0\.4\.0, 0\.5\.0-dev \(draft\); \d+ vectors; sha256 [0-9a-f]{64}$/),
      "adapter protocol: 2 (also speaks 1)",
    ]);
  });
});
