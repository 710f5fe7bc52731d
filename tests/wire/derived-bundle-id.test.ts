// The harness's own bundle_id derivation (data-structures.md §BundleID 缺省生成) against the
// protocol's anchor vectors, kept byte for byte in vectors/upstream-bundle-id.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Connection, derivedBundleId, normalizedName } from "../../harness/wire/derived-bundle-id.ts";

interface Anchor {
  readonly desc: string;
  readonly name: string;
  readonly config: Record<string, unknown> & { bundle_id?: string };
  readonly expected_bundle_id: string;
}
const fixture = JSON.parse(
  readFileSync(new URL("../../vectors/upstream-bundle-id/bundle_id_conformance_vectors.json", import.meta.url), "utf8"),
) as { vectors: Anchor[] };

describe("the harness's bundle_id derivation", () => {
  const derived = fixture.vectors.filter((v) => v.config.bundle_id === undefined);
  it.each(derived.map((v) => [v.desc, v] as const))("%s", (_desc, v) => {
    expect(derivedBundleId(v.name, v.config as unknown as Connection)).toBe(v.expected_bundle_id);
  });

  it("covers the fixture's fallback cases of both connection kinds", () => {
    const fallbacks = derived.filter((v) => normalizedName(v.name) === "");
    expect(new Set(fallbacks.map((v) => v.config.type))).toEqual(new Set(["stdio", "streamable", "sse"]));
  });

  it("tells the connection kinds apart in the digest: the same URL as sse and as streamable differ", () => {
    const url = "http://127.0.0.1:1/c/x/mcp";
    expect(derivedBundleId("!!!", { type: "streamable", url })).not.toBe(derivedBundleId("!!!", { type: "sse", url }));
    expect(derivedBundleId("!!!", { type: "streamable", url })).toMatch(/^bundle_[0-9a-f]{16}$/);
  });
});
