/**
 * Joins shard reports into one. Cases and vectors are the union (a vector in two shards is an
 * error: the shards overlap); implementations keep each shard's handshake and add up restarts;
 * the summary is recounted from the cases, so a merged report audits like an unsharded one.
 */

import type { ImplementationRecord, ParsedReport, Report, RunSettings } from "../model/report.ts";
import { withDerived } from "../model/report-builder.ts";
import type { Requirement } from "../model/requirement.ts";
import { newRunId } from "../model/run-id.ts";
import { shardProblems } from "./shard-completeness.ts";

export class MergeError extends Error {
  override readonly name = "MergeError";
}

/**
 * Shards of one run: each carries `shard i/n`, all of the same n, every i from 1 to n exactly once,
 * and the same implementations and selection. Anything else would merge into a report that looks
 * whole and is not.
 */
function checkShards(reports: readonly Report[]): void {
  const label = (i: number) => `report ${i + 1} (${reports[i]!.run_id})`;
  reports.forEach((r, i) => {
    if (!r.run?.shard)
      throw new MergeError(`${label(i)} is not a shard: it carries no shard i/n (runs to merge are made with --shard i/n)`);
  });
  const count = reports[0]!.run!.shard!.count;
  const byIndex = new Map<number, number>();
  reports.forEach((r, i) => {
    const shard = r.run!.shard!;
    if (shard.count !== count)
      throw new MergeError(
        `${label(i)} is shard ${shard.index}/${shard.count}, ${label(0)} is one of ${count}: shards of different splits`,
      );
    const first = byIndex.get(shard.index);
    if (first !== undefined) throw new MergeError(`shard ${shard.index}/${count} is given twice: ${label(first)} and ${label(i)}`);
    byIndex.set(shard.index, i);
  });
  const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !byIndex.has(k));
  if (missing.length > 0)
    throw new MergeError(
      `shard${missing.length > 1 ? "s" : ""} ${missing.map((k) => `${k}/${count}`).join(", ")} missing: merge needs every shard of the run`,
    );
  const key = (r: Report) => ({
    implementations: [...r.implementations.map((i) => i.name)].sort().join(", "),
    suites: [...(r.run!.suites ?? [])].sort().join(", "),
    filter: r.run!.filter ?? "",
    protocol: r.run!.protocol ?? "",
    strict_protocol: String(r.run!.strict_protocol),
    allow_empty: String(r.run!.allow_empty),
  });
  const base = key(reports[0]!);
  reports.slice(1).forEach((r, j) => {
    const k = key(r);
    for (const field of Object.keys(base) as Array<keyof typeof base>)
      if (k[field] !== base[field])
        throw new MergeError(
          `${label(j + 1)} has ${field} "${k[field]}", ${label(0)} has "${base[field]}": shards of one run have the same ${field}`,
        );
  });
  reports.forEach((r, i) => {
    const problems = shardProblems(r);
    if (problems.length > 0)
      throw new MergeError(
        `${label(i)}, shard ${r.run!.shard!.index}/${count}, is incomplete: ${problems.join("; ")} (a shard is merged only whole)`,
      );
  });
}

export function mergeReports(reports: readonly ParsedReport[], requirements?: ReadonlyMap<string, Requirement>): Report {
  if (reports.length === 0) throw new MergeError("nothing to merge");
  checkShards(reports);
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
  return withDerived(
    {
      schema_version: reports[0]!.schema_version,
      run_id: newRunId(),
      started_at: starts[0]!,
      finished_at: ends[ends.length - 1]!,
      environment: reports[0]!.environment,
      // Shards of one run read one corpus: the whole corpus's required vectors are any shard's.
      corpus: {
        roots: reports[0]!.corpus.roots,
        suites,
        ...(reports[0]!.corpus.required ? { required: reports[0]!.corpus.required } : {}),
      },
      implementations: [...implementations.values()],
      vectors,
      cases,
      run: withoutShard(reports[0]!.run!),
      ...(reasons.length ? { incomplete: { reason: reasons.join(", "), not_run: notRun } } : {}),
    },
    requirements,
  );
}

function withoutShard(run: RunSettings): RunSettings {
  const { shard: _shard, ...rest } = run;
  return rest;
}
