/**
 * Compares two reports case by case (implementation × vector id, exact thanks to stable ids):
 * implementations added or removed, cases gone missing, regressions (now failing, not before),
 * fixes, other status changes, vectors added or removed, and vectors whose content changed under
 * the same id. Console output is made terminal-safe by the command.
 */

import { filterMatcher } from "../corpus/select.ts";
import type { ParsedReport, RunSettings } from "../model/report.ts";
import type { FinalStatus } from "../model/status.ts";
import { isFailing } from "../model/status.ts";

export interface StatusChange {
  readonly implementation: string;
  readonly vector_id: string;
  readonly before: FinalStatus;
  readonly after: FinalStatus;
}

export interface Comparison {
  readonly regressions: StatusChange[];
  readonly fixes: StatusChange[];
  readonly changed: StatusChange[];
  readonly added_vectors: string[];
  readonly removed_vectors: string[];
  /** Vectors of the old report the new run's selection (suites, filter, tiers, shard) left out: not removed. */
  readonly not_selected: string[];
  readonly content_changed: string[];
  /** Implementations in one report only: a whole implementation that disappeared is never "no regressions". */
  readonly added_implementations: string[];
  readonly removed_implementations: string[];
  /** Cases the old report had that the new one lacks, for an implementation and a vector both still present. */
  readonly missing_cases: Array<{ readonly implementation: string; readonly vector_id: string }>;
}

/** Whether the new run's selection would have taken a vector (a filtered run did not remove the others). */
function selectedBy(run: RunSettings | undefined, v: { readonly id: string; readonly suite: string; readonly tier: string }): boolean {
  if (run === undefined) return true;
  if (run.suites.length > 0 && !run.suites.includes(v.suite)) return false;
  if (run.filter !== undefined && !filterMatcher(run.filter)(v.id)) return false;
  if (run.tiers !== undefined && run.tiers.length > 0 && !run.tiers.includes(v.tier)) return false;
  return run.shard === undefined; // a shard holds a part of the selection: anything absent is another shard's
}

/**
 * `--pair old=new`: the old report's implementation `old` is compared with the new report's `new`
 * (a release against a checkout: `python=python@path:.`); both are shown as `old=new`. Only the
 * paired implementations are compared: the others of either report (a release run's rust beside
 * the python a pull request pairs) are set aside and named in `ignored`, never counted as removed.
 */
export function pairReports(
  before: ParsedReport,
  after: ParsedReport,
  pairs: ReadonlyMap<string, string>,
): { before: ParsedReport; after: ParsedReport; ignored: { before: string[]; after: string[] } } {
  const only = (report: ParsedReport, name: (n: string) => string | undefined): ParsedReport => ({
    ...report,
    cases: report.cases.flatMap((c) => {
      const n = name(c.implementation);
      return n === undefined ? [] : [{ ...c, implementation: n }];
    }),
    implementations: report.implementations.flatMap((i) => {
      const n = name(i.name);
      return n === undefined ? [] : [{ ...i, name: n }];
    }),
  });
  const others = (report: ParsedReport, paired: (n: string) => boolean) =>
    [...new Set([...report.implementations.map((i) => i.name), ...report.cases.map((c) => c.implementation)])].filter((n) => !paired(n));
  const label = (old: string) => `${old}=${pairs.get(old)}`;
  const byNew = new Map([...pairs].map(([old, now]) => [now, old]));
  return {
    before: only(before, (n) => (pairs.has(n) ? label(n) : undefined)),
    after: only(after, (n) => (byNew.has(n) ? label(byNew.get(n)!) : undefined)),
    ignored: { before: others(before, (n) => pairs.has(n)), after: others(after, (n) => byNew.has(n)) },
  };
}

export function compareReports(before: ParsedReport, after: ParsedReport): Comparison {
  const key = (impl: string, id: string) => `${impl}\u0000${id}`;
  const old = new Map(before.cases.map((c) => [key(c.implementation, c.vector_id), c.status]));
  const regressions: StatusChange[] = [];
  const fixes: StatusChange[] = [];
  const changed: StatusChange[] = [];
  for (const c of after.cases) {
    const was = old.get(key(c.implementation, c.vector_id));
    if (was === undefined || was === c.status) continue;
    const change = { implementation: c.implementation, vector_id: c.vector_id, before: was, after: c.status };
    if (isFailing(c.status) && !isFailing(was)) regressions.push(change);
    else if (isFailing(was) && c.status === "pass") fixes.push(change);
    else changed.push(change);
  }
  const beforeVectors = new Map(before.vectors.map((v) => [v.id, v.content_hash]));
  const afterVectors = new Map(after.vectors.map((v) => [v.id, v.content_hash]));
  const implsBefore = new Set([...before.implementations.map((i) => i.name), ...before.cases.map((c) => c.implementation)]);
  const implsAfter = new Set([...after.implementations.map((i) => i.name), ...after.cases.map((c) => c.implementation)]);
  const now = new Set(after.cases.map((c) => key(c.implementation, c.vector_id)));
  const missing = before.cases
    .filter((c) => implsAfter.has(c.implementation) && afterVectors.has(c.vector_id) && !now.has(key(c.implementation, c.vector_id)))
    .map((c) => ({ implementation: c.implementation, vector_id: c.vector_id }));
  const gone = before.vectors.filter((v) => !afterVectors.has(v.id));
  return {
    added_implementations: [...implsAfter].filter((i) => !implsBefore.has(i)),
    removed_implementations: [...implsBefore].filter((i) => !implsAfter.has(i)),
    missing_cases: missing,
    regressions,
    fixes,
    changed,
    added_vectors: [...afterVectors.keys()].filter((id) => !beforeVectors.has(id)),
    removed_vectors: gone.filter((v) => selectedBy(after.run, v)).map((v) => v.id),
    not_selected: gone.filter((v) => !selectedBy(after.run, v)).map((v) => v.id),
    content_changed: [...afterVectors].filter(([id, hash]) => beforeVectors.has(id) && beforeVectors.get(id) !== hash).map(([id]) => id),
  };
}

export function renderComparison(c: Comparison): string {
  const change = (x: StatusChange) => `  ${x.implementation} ${x.vector_id}: ${x.before} → ${x.after}`;
  const section = (title: string, lines: string[]) => (lines.length ? [`${title} (${lines.length}):`, ...lines] : [`${title}: none`]);
  return [
    ...section(
      "removed implementations (every case of each is gone)",
      c.removed_implementations.map((i) => `  ${i}`),
    ),
    ...section(
      "cases missing from the new report",
      c.missing_cases.map((m) => `  ${m.implementation} ${m.vector_id}`),
    ),
    ...section("regressions", c.regressions.map(change)),
    ...section("fixes", c.fixes.map(change)),
    ...section("other status changes", c.changed.map(change)),
    ...section(
      "new vectors",
      c.added_vectors.map((id) => `  ${id}`),
    ),
    ...section(
      "removed vectors",
      c.removed_vectors.map((id) => `  ${id}`),
    ),
    ...(c.not_selected.length > 0
      ? [`not selected by the new run (its suites, filter, tiers or shard; not removed): ${c.not_selected.length}`]
      : []),
    ...section(
      "new implementations",
      c.added_implementations.map((i) => `  ${i}`),
    ),
    ...section(
      "vectors whose content changed",
      c.content_changed.map((id) => `  ${id}`),
    ),
  ].join("\n");
}
