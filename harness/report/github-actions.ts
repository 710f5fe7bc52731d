/**
 * CI-friendly output under GitHub Actions: each failing case, and every other reason the run fails,
 * becomes an `::error` annotation, and the Markdown view (its short form when long) is appended to
 * the job's step summary.
 * With `--json` the annotations go to stderr (the runner reads workflow commands on both streams),
 * so stdout stays one JSON document.
 */

import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import { describeDifferences } from "../diff/story.ts";
import { casesWith } from "../model/case-list.ts";
import { staleReason } from "../model/gap-answer.ts";
import type { Report } from "../model/report.ts";
import { FAILING_STATUSES } from "../model/status.ts";
import { neverStarted, runLevelFailures } from "../model/verdict.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { type Markup, md, mdCode, trusted } from "./escape.ts";
import { renderMarkdown, renderShortMarkdown } from "./markdown.ts";

/** Workflow-command escaping: %, CR and LF in data; also : and , in properties; other controls shown as escapes. */
function escapeData(text: string): string {
  return terminalSafe(text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** `file=…,line=…` properties, the file relative to the working folder (the job's workspace). */
function at(where: { readonly file: string; readonly line?: number } | undefined): string {
  if (!where) return "";
  const file = relative(process.cwd(), where.file) || where.file;
  return `file=${escapeProperty(file)},${where.line !== undefined ? `line=${where.line},` : ""}`;
}

/**
 * Each annotation points where the fix goes: a failing case at its vector in the kit's corpus, a
 * stale or orphan entry at its line of the expectations file (often the SDK's own known-gaps file).
 */
export function githubAnnotations(report: Report): string[] {
  const silent = neverStarted(report); // its set-up failure is one run-level annotation, not one per case
  const vectors = new Map(report.vectors.map((v) => [v.id, v.source]));
  const entry = (implementation: string, id: string | undefined) => {
    const e = report.implementations.find((i) => i.name === implementation)?.expectations;
    return e && id !== undefined ? { file: e.file, ...(e.lines?.[id] !== undefined ? { line: e.lines[id] } : {}) } : undefined;
  };
  const cases = casesWith(report.cases, FAILING_STATUSES)
    .filter((c) => !silent.has(c.implementation))
    .map((c) => {
      const message = c.status === "stale" ? staleReason(c) : (c.note ?? describeDifferences(c.diffs, c.op).join("; "));
      const where = c.status === "stale" ? entry(c.implementation, c.vector_id) : vectors.get(c.vector_id);
      return `::error ${at(where)}title=${escapeProperty(`${c.implementation} ${c.vector_id} (${c.status})`)}::${escapeData(message)}`;
    });
  const run = runLevelFailures(report.verdict).map((f) => {
    const where = f.kind === "orphan_gap" || f.kind === "observe_gap" ? entry(f.implementation, f.vector_id) : undefined;
    return `::error ${at(where)}title=${escapeProperty(`${f.implementation}: the run fails (${f.kind})`)}::${escapeData(f.message)}`;
  });
  const incomplete = report.incomplete
    ? [`::error title=${escapeProperty("the run is incomplete")}::${escapeData(`interrupted by ${report.incomplete.reason}`)}`]
    : [];
  return [...cases, ...run, ...incomplete];
}

/**
 * Past this many characters the step summary is the short form (markdown.ts): a full matrix with
 * hundreds of disagreements and known gaps (over 100 kB for the default run) buries the verdict,
 * and GitHub keeps at most 1 MiB of summary per step.
 */
export const STEP_SUMMARY_LIMIT = 20_000;

/** Where the full report is: the run folder, and on GitHub the workflow run's page, where its artifacts are listed. */
function whereTheReportIs(report: Report, env: NodeJS.ProcessEnv): Markup {
  const folder = md`matrix.md and index.html in the run folder ${mdCode(report.run_id)}`;
  const server = env["GITHUB_SERVER_URL"];
  const repository = env["GITHUB_REPOSITORY"];
  const run = env["GITHUB_RUN_ID"];
  if (!server || !repository || !run) return md`${folder}.`;
  // A link, so the URL is not put through Markdown text escaping; only characters that end a link destination are encoded.
  const url = `${server}/${repository}/actions/runs/${run}`.replace(/[()<>\s\\]/g, (c) => encodeURIComponent(c));
  return md`${folder} (a workflow that uploads the output folder lists it with the artifacts of ${trusted("md", `[this workflow run](${url})`)}).`;
}

/** The step summary: the Markdown view, or its short form when the full one is longer than `limit`. */
export function stepSummary(report: Report, env: NodeJS.ProcessEnv = process.env, limit = STEP_SUMMARY_LIMIT): string {
  const full = renderMarkdown(report);
  return full.length <= limit ? full : renderShortMarkdown(report, whereTheReportIs(report, env));
}

export function emitGithubActions(report: Report, env: NodeJS.ProcessEnv = process.env, out: NodeJS.WritableStream = process.stdout): void {
  if (env["GITHUB_ACTIONS"] !== "true") return;
  for (const line of githubAnnotations(report)) out.write(`${line}\n`);
  const summary = env["GITHUB_STEP_SUMMARY"];
  if (summary) appendFileSync(summary, stepSummary(report, env));
}
