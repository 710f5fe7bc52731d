// The upstream suites are the published fixtures: same bytes, and every imported case equals its entry.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { sha256Hex } from "../../harness/util/canonical-json.ts";

const corpus = loadCorpus();
const suite = (name: string) => corpus.suites.find((s) => s.name === name)!;
const SHARED = join(KIT_VECTORS_DIR, "../../shared/upstream-fixtures");

function upstream(folder: string) {
  const manifest = parse(readFileSync(join(KIT_VECTORS_DIR, folder, "suite.yaml"), "utf8"));
  const bytes = readFileSync(join(KIT_VECTORS_DIR, folder, manifest.import.file));
  return { manifest, bytes, data: JSON.parse(bytes.toString("utf8")) };
}

describe.each(["upstream-bundle-id", "upstream-env-segment", "upstream-auth-error"])("%s", (folder) => {
  const { manifest, bytes } = upstream(folder);
  it("records where it came from", () => {
    expect(manifest.import.repo).toMatch(/^A2C-SMCP\//);
    expect(manifest.import.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(sha256Hex(bytes)).toBe(manifest.import.sha256);
  });
  it.runIf(existsSync(SHARED))("is byte-identical to the copy in shared/upstream-fixtures", () => {
    expect(bytes.equals(readFileSync(join(SHARED, manifest.import.file)))).toBe(true);
  });
  it("every case carries upstream provenance", () => {
    for (const v of suite(folder).vectors) {
      expect(v.provenance).toEqual({
        source: "upstream",
        repo: manifest.import.repo,
        path: manifest.import.path,
        commit: manifest.import.commit,
      });
    }
  });
});

describe("imported cases equal the upstream entries", () => {
  it("bundle_id: 16 cases, config fields moved under server_parameters and nothing else", () => {
    const { data } = upstream("upstream-bundle-id");
    const vectors = suite("upstream-bundle-id").vectors;
    expect(vectors).toHaveLength(16);
    vectors.forEach((v, i) => {
      const entry = data.vectors[i];
      const config = v.input["config"] as Record<string, any>;
      const { name, type, bundle_id, server_parameters } = config;
      const flat = { type, ...server_parameters, ...(bundle_id !== undefined ? { bundle_id } : {}) };
      expect(name).toBe(entry.name);
      expect(flat).toEqual(entry.config);
      expect(v.expected).toEqual({ bundle_id: entry.expected_bundle_id });
      expect(v.description).toBe(entry.desc);
    });
  });
  it("env_segment: 16 cases with upstream ids", () => {
    const { data } = upstream("upstream-env-segment");
    const vectors = suite("upstream-env-segment").vectors;
    expect(vectors).toHaveLength(16);
    vectors.forEach((v, i) => {
      const entry = data.vectors[i];
      expect(v.id).toBe(`upstream-env-segment/${entry.id}`);
      expect(v.input).toEqual({ input_id: entry.input_id, bundle_id: entry.bundle_id, tool_name: entry.tool_name });
      expect(v.expected).toEqual({ env_var_name: entry.expected_env_var_name });
    });
  });
  it("auth errors become transport scenes: the fixture's status and header on tools/call, its expected result plus the scene's own status", () => {
    const { data } = upstream("upstream-auth-error");
    const vectors = suite("upstream-auth-error").vectors;
    expect(vectors).toHaveLength(data.vectors.length);
    vectors.forEach((v, i) => {
      const entry = data.vectors[i];
      expect(v.needs).toBeUndefined();
      expect(v.op).toBe("transport.call_tool");
      expect(v.input).toEqual({ transport: entry.transport, scene: { answer: "status", ...entry.upstream } });
      // the fixture's expectation as is, plus its setup: tools/call got the scene's status
      expect(v.expected).toEqual({ ...entry.expected, server: { tools_call_status: entry.upstream.status } });
      // The fixture says only the Rust SDK has the hand-written SSE path: N/A elsewhere, never a pass.
      expect(v.optional !== undefined).toBe(entry.transport === "sse_handwritten");
    });
  });
});
