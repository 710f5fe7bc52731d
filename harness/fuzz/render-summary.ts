/** The fuzz summary for people: by operation, by implementation pair, then one block per group. */

import { visibleJson } from "../corpus/vector-file-text.ts";
import { plural } from "../util/plural.ts";
import { kindKey } from "./answers.ts";
import { describeClasses } from "./candidates.ts";
import type { CorpusKinds } from "./corpus-kinds.ts";
import type { KindSeen } from "./explore.ts";
import type { FuzzGroup, FuzzSummary } from "./fuzz-run.ts";
import { type GateVerdict, isFaultKind } from "./gate.ts";

/** The command that replays one group's shrunk case against the same implementations. */
export function replayCommand(summary: FuzzSummary, group: FuzzGroup): string {
  return `npx smcp-conformance fuzz --op ${group.op} --seed ${group.seed} --replay '${group.path}' --impl ${summary.implementations.join(",")}`;
}

/** The shrunk group a kind's first case went into (none when shrinking was cut short before it). */
export function groupOf(summary: FuzzSummary, seen: KindSeen): FuzzGroup | undefined {
  return summary.groups.find((g) => g.found_as.includes(seen.signature));
}

/**
 * The gate's news, printed before everything else: each new kind with its shrunk case and replay
 * line. `baselineFiles` by implementation (none: the implementation has no baseline).
 */
export function renderNewKinds(
  summary: FuzzSummary,
  verdict: GateVerdict,
  baselineFiles: ReadonlyMap<string, string>,
  links: CorpusKinds = new Map(),
): string {
  const out: string[] = [];
  verdict.fresh.forEach((seen, i) => {
    const file = baselineFiles.get(seen.implementation);
    const where = isFaultKind(seen)
      ? "an adapter fault is never a known kind"
      : file
        ? `not in ${file}`
        : `${seen.implementation} has no fuzz baseline`;
    out.push(`NEW ${i + 1}. ${seen.kind}`);
    out.push(`     ${seen.implementation}: ${where}; seen in ${seen.cases} cases`);
    const shown = links.get(kindKey(seen.implementation, seen.kind));
    if (shown) out.push(`     the corpus shows it too: ${shown.join(", ")}`);
    const group = groupOf(summary, seen);
    if (group) {
      if (group.signature !== seen.signature) out.push(`     (shrinking kept who sides with whom, not every answer: ${group.signature})`);
      out.push(`     shrunk input: ${visibleJson(group.input)}`);
      out.push(`     ${describeClasses(group)}`);
      out.push(`     replay: ${replayCommand(summary, group)}`);
    } else out.push("     (not shrunk: the run stopped before shrinking it)");
  });
  return out.join("\n");
}

/** The gate's closing lines: known kinds, stale kinds, and the count of new ones. */
export function renderGate(verdict: GateVerdict): string {
  const out: string[] = [];
  for (const s of verdict.stale) out.push(`stale: ${s.implementation}: known kind not seen in this run (${s.file}): ${s.entry.kind}`);
  out.push(...renderUnjudged(verdict.unjudged));
  const faults = verdict.fresh.filter(isFaultKind).length;
  out.push(
    `fuzz gate: ${plural(verdict.fresh.length, "new kind")} of disagreement${faults > 0 ? ` (${plural(faults, "adapter fault")})` : ""}, ${verdict.known.length} known, ${verdict.stale.length} stale${verdict.unjudged.length > 0 ? `, ${plural(verdict.unjudged.length, "implementation")} with nothing judged` : ""}`,
  );
  return out.join("\n");
}

export interface SummaryOptions {
  /** `fuzz --quiet`: no tables and no groups, only the candidate files and the closing line. */
  readonly quiet?: boolean;
  /** `fuzz --max-groups N`: the N groups seen in most cases; the rest are counted. */
  readonly maxGroups?: number;
}

/** The groups shown and written as candidates: the most frequent first, at most `maxGroups`. */
export function cappedGroups(groups: readonly FuzzGroup[], maxGroups: number | undefined): FuzzGroup[] {
  return [...groups].sort((a, b) => b.cases - a.cases).slice(0, maxGroups ?? groups.length);
}

/** One line per implementation that judged nothing: the gate fails on it. */
export function renderUnjudged(unjudged: GateVerdict["unjudged"]): string[] {
  return unjudged.map(
    (u) =>
      `nothing judged: ${u.implementation} gave no comparable answer (${plural(u.unsupported, "unsupported or not applicable answer")}, ${plural(u.faults, "fault")}): the gate cannot pass it`,
  );
}

export function renderSummary(
  summary: FuzzSummary,
  candidates: readonly string[],
  inCorpus: ReadonlyMap<FuzzGroup, string> = new Map(),
  options: SummaryOptions = {},
): string {
  const out: string[] = [];
  if (!options.quiet) renderDetail(summary, inCorpus, options.maxGroups, out);
  for (const file of candidates) out.push(`candidates: ${file}`);
  if (candidates.length === 0 && summary.groups.length > 0)
    out.push(`candidates: none new (${inCorpus.size} of ${summary.groups.length} shrunk inputs are in the corpus already)`);
  const mb = Math.round(summary.peak_rss_bytes / 1e6);
  const stopped = summary.stopped ? ` (stopped early: ${summary.stopped})` : "";
  out.push(
    `fuzz: ${summary.cases} cases over ${summary.implementations.join(", ")}, ${summary.disagreeing} disagreeing, ${summary.groups.length} groups in ${(summary.wall_ms / 1000).toFixed(1)} s, peak RSS ${mb} MB${stopped}`,
  );
  return out.join("\n");
}

function renderDetail(summary: FuzzSummary, inCorpus: ReadonlyMap<FuzzGroup, string>, maxGroups: number | undefined, out: string[]): void {
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
  const groups = cappedGroups(summary.groups, maxGroups);
  out.push(`groups (one per kind of disagreement, shown by its smallest shrunk case): ${summary.groups.length}`);
  groups.forEach((g, i) => {
    const shrink = g.shrink.interrupted
      ? `shrinking stopped by the time limit after ${g.shrink.evaluations} steps`
      : `shrunk in ${g.shrink.evaluations} steps`;
    out.push(`  ${i + 1}. ${g.signature}`);
    out.push(
      `     seen in ${g.cases} cases, ${shrink}${g.variants.length > 0 ? `; ${g.variants.length} other shrunk forms (paths ${g.variants.join(", ")})` : ""}`,
    );
    out.push(`     input: ${visibleJson(g.input)}${inCorpus.has(g) ? ` (the corpus holds it: ${inCorpus.get(g)})` : ""}`);
    out.push(`     ${describeClasses(g)}`);
    out.push(`     replay: ${replayCommand(summary, g)}`);
  });
  const more = summary.groups.length - groups.length;
  if (more > 0) out.push(`  … ${more} more groups past --max-groups ${maxGroups} (fuzz-summary.json lists every one)`);
}
