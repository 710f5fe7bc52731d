// The exported fixtures have the upstream shape: the kit's own upstream importer and schema accept
// them, and the reference passes every exported case.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { sha256Hex } from "../../harness/util/canonical-json.ts";
import { tempCorpus } from "../corpus/temp-corpus.ts";
import { cli, tempOut } from "./cli-helpers.ts";

describe("export --format upstream", () => {
  it("writes fixtures in the upstream shape that load as upstream suites and pass", async () => {
    const out = tempOut();
    const result = await cli(["export", "--format", "upstream", "--out", out]);
    expect(result.exitCode).toBe(0);
    const bundleText = readFileSync(join(out, "bundle_id_conformance_vectors.json"), "utf8");
    const upstream = JSON.parse(readFileSync(join(KIT_VECTORS_DIR, "upstream-bundle-id/bundle_id_conformance_vectors.json"), "utf8"));
    const exported = JSON.parse(bundleText);
    expect(Object.keys(exported.vectors[0]).sort()).toEqual(Object.keys(upstream.vectors[0]).sort());
    expect(exported.vectors.length).toBeGreaterThan(upstream.vectors.length);

    // Load both exported files through the kit's own upstream importers and schemas.
    const suite = (name: string, format: string, file: string, text: string) => ({
      [`${name}/suite.yaml`]: `suite: ${name}\ntitle: exported\nops: [${format === "upstream-bundle-id" ? "bundle_id.resolve" : "env_var.name"}]\nimport:\n  format: ${format}\n  file: ${file}\n  repo: local/export\n  path: ${file}\n  commit: "${"0".repeat(40)}"\n  sha256: ${sha256Hex(text)}\n`,
      [`${name}/schema.json`]: readFileSync(join(KIT_VECTORS_DIR, format, "schema.json"), "utf8").replace(
        /"\$id": "[^"]+"/,
        `"$id": "smcp-conformance:suite/${name}"`,
      ),
      [`${name}/${file}`]: text,
    });
    const envText = readFileSync(join(out, "env_segment_conformance_vectors.json"), "utf8");
    const root = tempCorpus({
      ...suite("exported-bundle-id", "upstream-bundle-id", "bundle_id_conformance_vectors.json", bundleText),
      ...suite("exported-env-segment", "upstream-env-segment", "env_segment_conformance_vectors.json", envText),
    });
    const corpus = loadCorpus({ extraRoots: [root] });
    const vectors = corpus.suites.filter((s) => s.name.startsWith("exported-")).flatMap((s) => s.vectors);
    expect(vectors.length).toBe(exported.vectors.length + JSON.parse(envText).vectors.length);
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    expect(report.cases.filter((c) => c.status !== "pass").map((c) => c.vector_id)).toEqual([]);
  });

  it("rejects an unknown format", async () => {
    const result = await cli(["export", "--format", "csv", "--out", tempOut()]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/unknown export format "csv"/);
  });

  it("--out gets run's checks and writes only into an empty folder or an earlier export (issue 32)", async () => {
    const fixture = join(KIT_VECTORS_DIR, "upstream-bundle-id");
    const before = readdirSync(fixture).map((f) => [f, readFileSync(join(fixture, f), "utf8")]);
    const refusals: Array<[string, RegExp]> = [
      [fixture, /--out is inside the corpus folder/],
      ["/", /--out is the root of the file system/],
      ["/proc/x", /--out is on the proc pseudo filesystem/],
    ];
    const mine = tempOut();
    writeFileSync(join(mine, "manifest.json"), "a person's file");
    refusals.push([mine, /--out holds files the kit did not export/]);
    for (const [out, why] of refusals) {
      const result = await cli(["export", "--format", "upstream", "--out", out]);
      expect(result.exitCode, out).toBe(2);
      expect(result.stderr, out).toMatch(new RegExp(`^output error: cannot write ${out}: ${why.source}`));
    }
    expect(readdirSync(fixture).map((f) => [f, readFileSync(join(fixture, f), "utf8")])).toEqual(before);
    expect(readFileSync(join(mine, "manifest.json"), "utf8")).toBe("a person's file");
    const fresh = join(tempOut(), "export");
    expect((await cli(["export", "--format", "upstream", "--out", fresh])).exitCode).toBe(0);
    expect((await cli(["export", "--format", "upstream", "--out", fresh])).exitCode).toBe(0); // an earlier export
  }, 120_000);
});
