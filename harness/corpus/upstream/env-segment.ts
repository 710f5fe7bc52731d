/** env_segment_conformance_vectors.json → `env_var.name` cases, keeping upstream's own ids. */
import type { Importer } from "./types.ts";

const SPEC = {
  file: "a2c-smcp-protocol:docs/guides/computer-mcp-config-guide.md",
  section: "环境变量命名规则（双端统一规范）",
};

export const importEnvSegment: Importer = (suite, data) =>
  // biome-ignore lint/suspicious/noExplicitAny: upstream fixture JSON, its shape checked by the suite schema after import
  (data.vectors as any[]).map((v, i) => ({
    id: `${suite}/${v.id}`,
    description: v.desc,
    spec: SPEC,
    tier: "must",
    op: "env_var.name",
    input: { input_id: v.input_id, bundle_id: v.bundle_id, tool_name: v.tool_name },
    expected: { env_var_name: v.expected_env_var_name },
    pointer: `/vectors/${i}`,
  }));
