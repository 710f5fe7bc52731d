/**
 * bundle_id_conformance_vectors.json → `bundle_id.resolve` cases. Upstream writes a flat config
 * ({type, command, args, env} or {type, url, headers}, plus bundle_id); the kit's op takes the
 * wire shape, so the transport fields move under server_parameters and nothing else changes.
 */
import { type Importer, ordinalId } from "./types.ts";

const SPEC = {
  file: "a2c-smcp-protocol:docs/specification/data-structures.md",
  section: "MCP Tool 命名与路由（BundleID 模型）",
};

export const importBundleId: Importer = (suite, data) =>
  // biome-ignore lint/suspicious/noExplicitAny: upstream fixture JSON, its shape checked by the suite schema after import
  (data.vectors as any[]).map((v, i) => {
    const { type, bundle_id, ...serverParameters } = v.config;
    const config: Record<string, unknown> = { name: v.name, type, server_parameters: serverParameters };
    if (bundle_id !== undefined) config["bundle_id"] = bundle_id;
    return {
      id: ordinalId(suite, i),
      description: v.desc,
      spec: SPEC,
      tier: "must",
      op: "bundle_id.resolve",
      input: { config },
      expected: { bundle_id: v.expected_bundle_id },
      pointer: `/vectors/${i}`,
    };
  });
