/**
 * The flat suites in the shape of the upstream fixture files, so an SDK's own fixture tests load
 * them without the kit. Entries keep exactly the upstream keys; each file keeps the upstream
 * fixture's `algorithm` block (the SDKs' tests check it) and its `$schema_note` names the kit
 * version and corpus hash. Two sets per fixture:
 * - the complete set: every judged kit vector of the operation that fits the flat shape (authored
 *   and upstream); the kit id rides where the shape has room (env: `id`, `/` written `.`; bundle_id:
 *   at the end of `desc`), and ops/<op>.json carries it as `id` for every operation;
 * - the published set (`upstream-set/`): exactly the vectors of the published fixture, derived from
 *   the kit's copies of them, a drop-in for an SDK's vendored copy (whose test checks its count).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Corpus, Suite, Vector } from "../model/vector.ts";
import type { KitIdentity } from "./kit-identity.ts";
import { exportable } from "./op-files.ts";

export interface ExportFile {
  /** Relative to the export folder. */
  readonly file: string;
  readonly op: string;
  /** `upstream` (the published fixture's shape) or `kit` (one file per operation). */
  readonly shape: "upstream" | "kit";
  readonly count: number;
  readonly content: unknown;
}

interface FlatFormat {
  readonly file: string;
  readonly op: string;
  /** The corpus suite that imports the published fixture. */
  readonly upstreamSuite: string;
  /** The entry in the upstream shape, or null when the vector does not fit it. */
  entry(v: Vector, complete: boolean): Record<string, unknown> | null;
}

const object = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const FLAT_TYPES = new Set(["stdio", "streamable", "sse"]);

/** The upstream bundle_id fixture's flat config: type, then the transport fields, then bundle_id. */
function flatConfig(config: Record<string, unknown>): Record<string, unknown> | null {
  const params = object(config["server_parameters"]);
  if (!params || typeof config["type"] !== "string" || !FLAT_TYPES.has(config["type"])) return null;
  return {
    type: config["type"],
    ...params,
    ...(config["bundle_id"] !== undefined ? { bundle_id: config["bundle_id"] } : {}),
  };
}

const BUNDLE: FlatFormat = {
  file: "bundle_id_conformance_vectors.json",
  op: "bundle_id.resolve",
  upstreamSuite: "upstream-bundle-id",
  entry: (v, complete) => {
    const config = object(object(v.input)?.["config"]);
    const flat = config && flatConfig(config);
    const expected = object(v.expected)?.["bundle_id"];
    if (!config || !flat || typeof config["name"] !== "string" || typeof expected !== "string") return null;
    const desc = complete ? `${v.description} [${v.id}]` : v.description;
    return { desc, name: config["name"], config: flat, expected_bundle_id: expected };
  },
};

const ENV: FlatFormat = {
  file: "env_segment_conformance_vectors.json",
  op: "env_var.name",
  upstreamSuite: "upstream-env-segment",
  entry: (v, complete) => {
    const expected = object(v.expected)?.["env_var_name"];
    if (typeof expected !== "string" || typeof v.input["input_id"] !== "string") return null;
    return {
      desc: v.description,
      // Upstream ids are flat slugs: the complete set writes the kit id with `.` for `/`; the
      // published set keeps upstream's own slugs (the kit id is `<suite>/<slug>`).
      id: complete ? v.id.replaceAll("/", ".") : v.id.slice(`${v.suite}/`.length),
      input_id: v.input["input_id"],
      bundle_id: v.input["bundle_id"] ?? null,
      tool_name: v.input["tool_name"] ?? null,
      expected_env_var_name: expected,
    };
  },
};

export const FLAT_FORMATS: readonly FlatFormat[] = [BUNDLE, ENV];

/** The published fixture the corpus imports, read from the suite folder (its algorithm block is reused). */
function publishedFixture(suite: Suite | undefined, file: string): Record<string, unknown> {
  if (!suite) return {};
  return JSON.parse(readFileSync(join(suite.dir, file), "utf8")) as Record<string, unknown>;
}

function note(identity: KitIdentity, op: string, count: number, set: string): string {
  return `smcp-conformance ${identity.kit.version} export (corpus sha256 ${identity.corpus.sha256}): ${count} ${op} vectors, ${set}, in the upstream fixture shape; the algorithm block is the published fixture's.`;
}

export function exportUpstream(corpus: Corpus, identity: KitIdentity): ExportFile[] {
  const judged = corpus.suites.flatMap((s) => s.vectors).filter(exportable);
  return FLAT_FORMATS.flatMap((format) => {
    const suite = corpus.suites.find((s) => s.name === format.upstreamSuite);
    const algorithm = publishedFixture(suite, format.file)["algorithm"];
    const file = (name: string, vectors: Record<string, unknown>[], set: string): ExportFile => ({
      file: name,
      op: format.op,
      shape: "upstream",
      count: vectors.length,
      content: {
        $schema_note: note(identity, format.op, vectors.length, set),
        ...(algorithm !== undefined ? { algorithm } : {}),
        vectors,
      },
    });
    const ofOp = judged.filter((v) => v.op === format.op);
    const entries = (vectors: Vector[], complete: boolean) =>
      vectors.map((v) => format.entry(v, complete)).filter((e): e is Record<string, unknown> => e !== null);
    const complete = entries(ofOp, true);
    const published = entries(
      ofOp.filter((v) => v.suite === format.upstreamSuite),
      false,
    );
    return [
      file(format.file, complete, "every judged kit vector that fits the shape (authored and upstream)"),
      ...(suite ? [file(`upstream-set/${format.file}`, published, "exactly the published fixture's vectors")] : []),
    ];
  });
}
