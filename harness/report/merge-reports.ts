/**
 * Joins shard reports into one. Cases and vectors are the union (a vector in two shards is an
 * error: the shards overlap); implementations keep each shard's handshake and add up restarts;
 * the summary is recounted from the cases, so a merged report audits like an unsharded one.
 */

import { withDerived } from "../model/facts.ts";
import type { ImplementationRecord, Report } from "../model/report.ts";
import { newRunId } from "../model/run-id.ts";

export class MergeError extends Error {
  override readonly name = "MergeError";
}

export function mergeReports(reports: readonly Report[]): Report {
  if (reports.length === 0) throw new MergeError("nothing to merge");
  const seen = new Map<string, number>();
  reports.forEach((r, i) => {
    for (const v of r.vectors) {
      if (seen.has(v.id))
        throw new MergeError(`vector ${v.id} is in shard reports ${seen.get(v.id)! + 1} and ${i + 1}: the shards overlap`);
      seen.set(v.id, i);
    }
  });
  const implementations = new Map<string, ImplementationRecord>();
  for (const impl of reports.flatMap((r) => r.implementations)) {
    const prev = implementations.get(impl.name);
    implementations.set(
      impl.name,
      prev
        ? {
            ...prev,
            stats: {
              ...prev.stats,
              restarts: prev.stats.restarts + impl.stats.restarts,
              stderr_tail: `${prev.stats.stderr_tail}${impl.stats.stderr_tail}`.slice(-64 * 1024),
            },
          }
        : impl,
    );
  }
  const vectors = reports.flatMap((r) => r.vectors).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const order = new Map(vectors.map((v, i) => [v.id, i]));
  const cases = reports
    .flatMap((r) => r.cases)
    .sort((a, b) => order.get(a.vector_id)! - order.get(b.vector_id)! || (a.implementation < b.implementation ? -1 : 1));
  const suites = [...new Map(reports.flatMap((r) => r.corpus.suites).map((s) => [s.name, s.title])).entries()]
    .map(([name, title]) => ({ name, title, vectors: vectors.filter((v) => v.suite === name).length }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const starts = reports.map((r) => r.started_at).sort();
  const ends = reports.map((r) => r.finished_at).sort();
  const notRun = reports.flatMap((r) => r.incomplete?.not_run ?? []);
  const reasons = [...new Set(reports.flatMap((r) => (r.incomplete ? [r.incomplete.reason] : [])))];
  return withDerived({
    schema_version: reports[0]!.schema_version,
    run_id: newRunId(),
    started_at: starts[0]!,
    finished_at: ends[ends.length - 1]!,
    environment: reports[0]!.environment,
    corpus: { roots: reports[0]!.corpus.roots, suites },
    implementations: [...implementations.values()],
    vectors,
    cases,
    ...(reasons.length ? { incomplete: { reason: reasons.join(", "), not_run: notRun } } : {}),
  });
}
