/** A vector as the report records it: what it checks and where it came from. */
import type { VectorRecord } from "./report.ts";
import type { Vector } from "./vector.ts";

export function vectorRecord(v: Vector): VectorRecord {
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
    ...(v.needs !== undefined ? { needs: v.needs } : {}),
    since: v.since,
    ...(v.until !== undefined ? { until: v.until } : {}),
    ...(v.covers.length > 0 ? { covers: v.covers } : {}),
    ...(v.optional !== undefined ? { optional: v.optional } : {}),
    source: v.source,
    content_hash: v.content_hash,
  };
}

/** A vector that is its own report record (one read back from a run's vector spool: it has `toJSON`) is used as is. */
export function recordOf(v: Vector): VectorRecord {
  return typeof (v as { toJSON?: unknown }).toJSON === "function" ? (v as unknown as VectorRecord) : vectorRecord(v);
}
