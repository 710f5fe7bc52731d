/** Runs selected vectors against each implementation and builds the report model. */
import { randomBytes } from "node:crypto";
import type { Corpus, Vector } from "../corpus/types.ts";
import type { CallResult, Handshake, Implementation } from "../impl/types.ts";
import { REFERENCE_HANDSHAKE } from "../impl/reference-in-process.ts";
import { REPORT_SCHEMA_VERSION, summarize, type CaseRecord, type Report, type VectorRecord } from "../report/model.ts";
import { judge } from "./evaluate.ts";

export interface RunInput {
  readonly corpus: Corpus;
  readonly vectors: readonly Vector[];
  readonly implementations: readonly Implementation[];
}

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
}

export async function runCorpus({ corpus, vectors, implementations }: RunInput): Promise<Report> {
  const startedAt = new Date();
  const cases: CaseRecord[] = [];
  const handshakes: Array<{ name: string; handshake: Handshake }> = [];
  for (const impl of implementations) {
    const handshake = await impl.start();
    handshakes.push({ name: impl.name, handshake });
    try {
      for (const vector of vectors) cases.push(await runCase(impl, handshake, vector));
    } finally {
      await impl.stop();
    }
  }
  const selectedSuites = new Set(vectors.map((v) => v.suite));
  return {
    schema_version: REPORT_SCHEMA_VERSION,
    run_id: newRunId(startedAt),
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    environment: { node: process.version, platform: process.platform, arch: process.arch, kit_version: REFERENCE_HANDSHAKE.sdk.version },
    corpus: {
      roots: corpus.roots,
      suites: corpus.suites.filter((s) => selectedSuites.has(s.name)).map((s) => ({ name: s.name, title: s.title, vectors: vectors.filter((v) => v.suite === s.name).length })),
    },
    implementations: handshakes,
    vectors: vectors.map(vectorRecord),
    cases,
    summary: summarize(cases),
  };
}

async function runCase(impl: Implementation, handshake: Handshake, vector: Vector): Promise<CaseRecord> {
  const started = performance.now();
  const result = await answer(impl, handshake, vector);
  const duration = performance.now() - started;
  const judgement = judge(vector, result);
  return {
    vector_id: vector.id,
    suite: vector.suite,
    op: vector.op,
    tier: vector.tier,
    implementation: impl.name,
    status: judgement.status,
    result,
    diffs: judgement.diffs,
    ...(judgement.note !== undefined ? { note: judgement.note } : {}),
    duration_ms: Math.round(duration * 1000) / 1000,
    content_hash: vector.content_hash,
  };
}

/** A case the kit cannot run (a missing capability, an operation not offered) is unsupported, not sent. */
async function answer(impl: Implementation, handshake: Handshake, vector: Vector): Promise<CallResult> {
  if (vector.needs !== undefined) return { kind: "unsupported", message: `needs ${vector.needs}, which the kit does not provide yet` };
  if (!handshake.operations.includes(vector.op)) return { kind: "unsupported", message: `${impl.name} does not offer ${vector.op}` };
  return impl.call(vector.op, vector.input);
}

function vectorRecord(v: Vector): VectorRecord {
  return {
    id: v.id,
    suite: v.suite,
    description: v.description,
    op: v.op,
    tier: v.tier,
    spec: v.spec,
    provenance: v.provenance,
    input: v.input,
    ...(v.expected !== undefined ? { expected: v.expected } : {}),
    ...(v.expected_error !== undefined ? { expected_error: v.expected_error } : {}),
    source: v.source,
    content_hash: v.content_hash,
  };
}
