/** The coverage view as text (the coverage command) and as a Markdown section (matrix.md). */

import { type CoverageCounts, latestReleased, type RequirementCoverage, type RevisionCoverage } from "../model/coverage.ts";
import { protocolLabel } from "../model/protocols.ts";
import type { Report, RunSettings } from "../model/report.ts";
import { type Markup, md, mdCode } from "./escape.ts";

const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`);
const of = (part: number, whole: number) => `${part}/${whole} (${pct(part, whole)})`;

function totalsLines(t: CoverageCounts): string[] {
  return [
    `  statements: ${t.total}: MUST/MUST NOT ${t.must}, SHOULD/SHOULD NOT ${t.should}, MAY ${t.may}; pure ${t.pure}, live ${t.live}, untestable ${t.untestable}`,
    `  covered by a vector: ${of(t.covered, t.total)}; MUSTs ${of(t.covered_must, t.must)}; SHOULDs ${of(t.covered_should, t.should)}`,
    `  pure MUSTs: ${of(t.pure_must_covered, t.pure_must)} covered, ${t.pure_must - t.pure_must_covered} uncovered`,
    `  testable (pure or live): MUSTs ${of(t.testable_must_covered, t.testable_must)}; SHOULDs ${of(t.testable_should_covered, t.testable_should)}`,
  ];
}

/** Side by side: one line per revision. */
export function renderRevisionsText(revisions: readonly RevisionCoverage[]): string {
  const w = Math.max(8, ...revisions.map((r) => protocolLabel(r.protocol).length));
  const rows = revisions.map(
    (r) =>
      `  ${protocolLabel(r.protocol).padEnd(w)} ${String(r.totals.total).padStart(5)} ${String(r.totals.must).padStart(6)} ${pct(r.totals.covered_must, r.totals.must).padStart(8)} ${String(r.totals.pure_must).padStart(9)} ${pct(r.totals.pure_must_covered, r.totals.pure_must).padStart(8)}`,
  );
  return [
    "coverage by protocol revision (normative statements of vectors/_spec/):",
    `  ${"revision".padEnd(w)}  total   MUSTs  covered  pure MUST  covered`,
    ...rows,
  ].join("\n");
}

export interface CoverageTextOptions {
  readonly limit?: number;
  readonly report?: string;
  /** Every uncovered testable MUST and SHOULD (model/coverage.ts, uncoveredTestable), listed page by page with the index's reason. */
  readonly uncovered?: readonly RequirementCoverage[];
}

export function renderCoverageText(r: RevisionCoverage, options: CoverageTextOptions = {}): string {
  const lines = [
    `coverage of protocol ${protocolLabel(r.protocol)}`,
    ...totalsLines(r.totals),
    "by page (MUSTs covered / all, pure MUSTs covered / all, testable MUSTs and SHOULDs covered / all):",
  ];
  for (const p of r.pages)
    lines.push(
      `  ${p.page.padEnd(20)} MUST ${of(p.totals.covered_must, p.totals.must).padEnd(16)} pure MUST ${of(p.totals.pure_must_covered, p.totals.pure_must).padEnd(16)} testable MUST ${of(p.totals.testable_must_covered, p.totals.testable_must).padEnd(16)} SHOULD ${of(p.totals.testable_should_covered, p.totals.testable_should)}`,
    );
  if (r.implementations.length > 0) {
    lines.push(`implementations read against ${protocolLabel(r.protocol)}${options.report ? ` (from ${options.report})` : ""}:`);
    for (const i of r.implementations)
      lines.push(`  ${i.name}: ${i.passed} requirements pass, ${i.failed} fail, ${i.known_gap} known gaps (of ${i.judged} judged)`);
  }
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const shown = r.uncovered_pure_must.slice(0, limit);
  lines.push(`uncovered pure MUST statements (${r.uncovered_pure_must.length}):`);
  for (const u of shown) lines.push(`  ${u.id}  ${u.level}  §${u.section}: ${u.summary}${u.left ? `  [left: ${u.left}]` : ""}`);
  if (shown.length < r.uncovered_pure_must.length)
    lines.push(`  … ${r.uncovered_pure_must.length - shown.length} more (--all lists every one, --json gives them all)`);
  if (options.uncovered) lines.push(...uncoveredTestableLines(options.uncovered));
  return lines.join("\n");
}

/** Each page's uncovered testable MUSTs and SHOULDs, with the index's reason (`left`) where it gives one. */
function uncoveredTestableLines(uncovered: readonly RequirementCoverage[]): string[] {
  const lines = [`uncovered testable MUST and SHOULD statements (${uncovered.length}), by page:`];
  for (const page of new Set(uncovered.map((u) => u.page))) {
    const rows = uncovered.filter((u) => u.page === page);
    lines.push(`  ${page} (${rows.length}):`);
    for (const u of rows)
      lines.push(
        `    ${u.id}  ${u.level}  ${u.testability}: ${u.summary}  [${u.left ? `left: ${u.left}` : "no reason recorded: no vector yet"}]`,
      );
  }
  return lines;
}

/** The section of matrix.md (every value through the `md` tag). */
export function renderCoverageMarkdown(revisions: readonly RevisionCoverage[]): Markup[] {
  if (revisions.length === 0) return [];
  const lines = [
    md``,
    md`## Spec coverage`,
    md``,
    md`Normative statements of each protocol revision (${mdCode("vectors/_spec/")}) and how many vectors cover; each implementation is read against the revision it was judged at.`,
    md``,
    md`| revision | statements | MUSTs covered | SHOULDs covered | pure MUSTs covered | implementations (requirements pass / judged) |`,
    md`| --- | ---: | ---: | ---: | ---: | --- |`,
  ];
  for (const r of revisions) {
    const t = r.totals;
    const impls = r.implementations.map((i) => `${i.name} ${i.passed}/${i.judged}`).join(", ") || "–";
    lines.push(
      md`| ${protocolLabel(r.protocol)} | ${t.total} | ${of(t.covered_must, t.must)} | ${of(t.covered_should, t.should)} | ${of(t.pure_must_covered, t.pure_must)} | ${impls} |`,
    );
  }
  const latest = latestReleased(revisions)!;
  lines.push(
    md``,
    md`### ${latest.protocol}: by page`,
    md``,
    md`| page | MUSTs covered | pure MUSTs covered | SHOULDs covered |`,
    md`| --- | ---: | ---: | ---: |`,
  );
  for (const p of latest.pages)
    lines.push(
      md`| ${p.page} | ${of(p.totals.covered_must, p.totals.must)} | ${of(p.totals.pure_must_covered, p.totals.pure_must)} | ${of(p.totals.covered_should, p.totals.should)} |`,
    );
  return lines;
}

/** The selection a run was limited to, in the flags' words: `--suite a,b --filter x --tier must --shard 1/4`. */
function selectionWords(run: RunSettings | undefined): string {
  if (run === undefined) return "";
  return [
    run.suites.length > 0 ? `--suite ${run.suites.join(",")}` : "",
    run.filter !== undefined ? `--filter ${run.filter}` : "",
    run.tiers !== undefined && run.tiers.length > 0 ? `--tier ${run.tiers.join(",")}` : "",
    run.shard !== undefined ? `--shard ${run.shard.index}/${run.shard.count}` : "",
  ]
    .filter((w) => w !== "")
    .join(" ");
}

/**
 * When the report read is a selection (a filtered, sharded or interrupted run, or a corpus that has
 * grown since), one line saying so, in the words the statements use: its results cover only the
 * vectors that ran. The whole corpus is every suite but the opt-in ones the run did not ask for, so
 * a default run is never a selection. Undefined when whole. `coverage` and `divergences` print it.
 */
export function partialRunNote(
  path: string,
  report: Pick<Report, "vectors" | "run" | "incomplete">,
  corpus: ReadonlyArray<{ readonly name: string; readonly opt_in?: string; readonly vectors: ReadonlyArray<{ readonly id: string }> }>,
): string | undefined {
  const ran = new Set(report.vectors.map((v) => v.id));
  const asked = new Set(report.run?.suites ?? []);
  const corpusIds = corpus.filter((s) => s.opt_in === undefined || asked.has(s.name)).flatMap((s) => s.vectors.map((v) => v.id));
  const missing = corpusIds.filter((id) => !ran.has(id)).length;
  if (missing === 0 && !report.incomplete) return undefined;
  const selection = selectionWords(report.run);
  const why = [selection ? `selected with ${selection}` : "", report.incomplete ? `interrupted (${report.incomplete.reason})` : ""]
    .filter((w) => w !== "")
    .join(", ");
  return `note: ${path} is a selection: ${corpusIds.length - missing} of ${corpusIds.length} vectors ran${why ? `, ${why}` : ""}; its results and statements cover only those (run the whole corpus for a claim)`;
}
