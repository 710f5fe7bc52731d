/** The fuzz summary for people: by operation, by implementation pair, then one block per group. */

import { visibleJson } from "../corpus/vector-file-text.ts";
import { describeClasses } from "./candidates.ts";
import type { FuzzGroup, FuzzSummary } from "./fuzz-run.ts";

/** The command that replays one group's shrunk case against the same implementations. */
export function replayCommand(summary: FuzzSummary, group: FuzzGroup): string {
  return `npx smcp-conformance fuzz --op ${group.op} --seed ${group.seed} --replay '${group.path}' --impl ${summary.implementations.join(",")}`;
}

export function renderSummary(summary: FuzzSummary, candidates: readonly string[]): string {
  const out: string[] = [];
  out.push("disagreements by operation:");
  for (const op of summary.per_op) {
    const groups = summary.groups.filter((g) => g.op === op.op).length;
    out.push(
      `  ${op.op.padEnd(26)} ${String(op.cases).padStart(7)} cases ${String(op.disagreeing).padStart(7)} disagreeing ${String(groups).padStart(3)} groups  (seed ${op.seed})`,
    );
  }
  const pairs = Object.entries(summary.pairs).sort((a, b) => b[1] - a[1]);
  out.push("disagreements by implementation pair:");
  if (pairs.length === 0) out.push("  none");
  for (const [pair, n] of pairs) out.push(`  ${pair.replace("~", " vs ").padEnd(36)} ${String(n).padStart(7)} cases`);
  const groups = [...summary.groups].sort((a, b) => b.cases - a.cases);
  out.push(`groups (one per kind of disagreement, shown by its smallest shrunk case): ${groups.length}`);
  groups.forEach((g, i) => {
    const shrink = g.shrink.interrupted
      ? `shrinking stopped by the time limit after ${g.shrink.evaluations} steps`
      : `shrunk in ${g.shrink.evaluations} steps`;
    out.push(`  ${i + 1}. ${g.signature}`);
    out.push(
      `     seen in ${g.cases} cases, ${shrink}${g.variants.length > 0 ? `; ${g.variants.length} other shrunk forms (paths ${g.variants.join(", ")})` : ""}`,
    );
    out.push(`     input: ${visibleJson(g.input)}`);
    out.push(`     ${describeClasses(g)}`);
    out.push(`     replay: ${replayCommand(summary, g)}`);
  });
  for (const file of candidates) out.push(`candidates: ${file}`);
  const mb = Math.round(summary.peak_rss_bytes / 1e6);
  const stopped = summary.stopped ? ` (stopped early: ${summary.stopped})` : "";
  out.push(
    `fuzz: ${summary.cases} cases over ${summary.implementations.join(", ")}, ${summary.disagreeing} disagreeing, ${summary.groups.length} groups in ${(summary.wall_ms / 1000).toFixed(1)} s, peak RSS ${mb} MB${stopped}`,
  );
  return out.join("\n");
}
