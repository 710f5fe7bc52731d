/**
 * `export --format upstream`: the suites with a flat shape, written as JSON fixtures in the shape
 * of the upstream fixture files, so an SDK's own test suite can load them without the kit. Only
 * judged vectors with an expected output are exported (observe and expected-error ones are not).
 */
import type { Corpus, Vector } from "../model/vector.ts";

export interface ExportFile {
  readonly file: string;
  readonly content: unknown;
}

const judged = (v: Vector) => v.tier !== "observe" && v.expected !== undefined;

function note(kind: string, count: number): string {
  return `smcp-conformance export: ${count} ${kind} vectors (must and should tiers) from the kit's corpus, authored and upstream, in the upstream fixture shape; the kit's stable vector id is in each entry's id or desc.`;
}

/** The upstream bundle_id fixture writes a flat config: type + transport fields (+ bundle_id). */
function flatConfig(config: Record<string, unknown>): Record<string, unknown> | null {
  const params = config["server_parameters"];
  if (typeof params !== "object" || params === null || Array.isArray(params)) return null;
  return {
    type: config["type"],
    ...(params as Record<string, unknown>),
    ...(config["bundle_id"] !== undefined ? { bundle_id: config["bundle_id"] } : {}),
  };
}

const meta = (v: Vector) => ({ id: v.id, tier: v.tier, spec: `${v.spec.file} § ${v.spec.section}` });

export function exportUpstream(corpus: Corpus): ExportFile[] {
  const vectors = corpus.suites.flatMap((s) => s.vectors).filter(judged);
  const bundle = vectors
    .filter((v) => v.op === "bundle_id.resolve")
    .flatMap((v) => {
      const config = flatConfig(v.input["config"] as Record<string, unknown>);
      const name = (v.input["config"] as Record<string, unknown>)["name"];
      // Exactly the upstream entry keys (its schema allows no others); the kit id rides in desc.
      return config && typeof name === "string"
        ? [{ desc: `${v.description} [${v.id}]`, name, config, expected_bundle_id: (v.expected as { bundle_id: string }).bundle_id }]
        : [];
    });
  const env = vectors
    .filter((v) => v.op === "env_var.name")
    .map((v) => ({
      desc: v.description,
      id: v.id.replaceAll("/", "."), // upstream ids are flat slugs
      input_id: v.input["input_id"],
      bundle_id: v.input["bundle_id"] ?? null,
      tool_name: v.input["tool_name"] ?? null,
      expected_env_var_name: (v.expected as { env_var_name: string }).env_var_name,
    }));
  const explicit = vectors
    .filter((v) => v.op === "bundle_id.validate")
    .map((v) => ({ desc: v.description, bundle_id: v.input["bundle_id"], expected: v.expected, ...meta(v) }));
  return [
    { file: "bundle_id_conformance_vectors.json", content: { $schema_note: note("bundle_id.resolve", bundle.length), vectors: bundle } },
    { file: "env_segment_conformance_vectors.json", content: { $schema_note: note("env_var.name", env.length), vectors: env } },
    {
      file: "explicit_bundle_id_conformance_vectors.json",
      content: { $schema_note: note("explicit bundle_id validation", explicit.length), vectors: explicit },
    },
  ];
}
