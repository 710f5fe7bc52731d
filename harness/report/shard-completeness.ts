/**
 * A shard is whole before it is merged: it holds each vector its own selection lists for every
 * implementation it ran, and nothing else. A shard whose failing cases were deleted (or whose
 * vectors were deleted with them) merged into a green "107/107 pass"; now it is refused, naming the
 * shard, the implementation and what is missing.
 */

import { shardOf } from "../corpus/shard.ts";
import { isComposedOp } from "../model/operations.ts";
import type { Report } from "../model/report.ts";

const key = (implementation: string, vectorId: string) => `${implementation}\u0000${vectorId}`;
const sample = (ids: readonly string[]) => `${ids.slice(0, 3).join(", ")}${ids.length > 3 ? `, … (${ids.length - 3} more)` : ""}`;

/** The problems that make this shard incomplete (empty when it is whole). */
export function shardProblems(report: Report): string[] {
  const problems: string[] = [];
  const run = report.run!;
  const shard = run.shard!;
  const names = report.implementations.map((i) => i.name);
  const selected = [...run.implementations];
  const absent = selected.filter((n) => !names.includes(n));
  if (absent.length > 0) problems.push(`implementation ${absent.join(", ")} was selected but is not in the report`);
  const foreign = report.vectors.filter((v) => shardOf(v.id, shard.count) !== shard.index).map((v) => v.id);
  if (foreign.length > 0) problems.push(`vectors ${sample(foreign)} belong to other shards than ${shard.index}/${shard.count}`);
  const counted = new Map(report.corpus.suites.map((s) => [s.name, s.vectors] as const));
  for (const [suite, count] of counted) {
    const listed = report.vectors.filter((v) => v.suite === suite).length;
    if (listed !== count) problems.push(`suite ${suite} counts ${count} selected vectors but the report lists ${listed}`);
  }
  const vectorIds = new Set(report.vectors.map((v) => v.id));
  const held = new Set<string>();
  for (const c of report.cases) {
    if (!vectorIds.has(c.vector_id)) problems.push(`case ${c.implementation} ${c.vector_id} names no vector of the shard`);
    held.add(key(c.implementation, c.vector_id));
  }
  for (const n of report.incomplete?.not_run ?? []) held.add(key(n.implementation, n.vector_id));
  for (const name of selected) {
    const missing = report.vectors.filter((v) => !isComposedOp(v.op) && !held.has(key(name, v.id))).map((v) => v.id);
    if (missing.length > 0)
      problems.push(
        `${name} has no case for ${missing.length} of the ${report.vectors.length} vectors the shard selected (${sample(missing)}), and they are not listed as not run`,
      );
  }
  return problems;
}
