/**
 * CI-friendly output under GitHub Actions: each failing case, and every other reason the run fails,
 * becomes an `::error` annotation, and the Markdown view is appended to the job's step summary.
 * With `--json` the annotations go to stderr (the runner reads workflow commands on both streams),
 * so stdout stays one JSON document.
 */
import { appendFileSync } from "node:fs";
import { describeDifference } from "../diff/describe.ts";
import type { Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";
import { runLevelFailures } from "../model/verdict.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { renderMarkdown } from "./markdown.ts";

/** Workflow-command escaping: %, CR and LF in data; also : and , in properties; other controls shown as escapes. */
function escapeData(text: string): string {
  return terminalSafe(text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function githubAnnotations(report: Report): string[] {
  const cases = report.cases
    .filter((c) => isFailing(c.status))
    .map((c) => {
      const message =
        c.status === "stale"
          ? `listed as a known ${c.gap?.status} gap but the case is now ${c.raw_status}`
          : (c.note ?? c.diffs.map(describeDifference).join("; "));
      return `::error title=${escapeProperty(`${c.implementation} ${c.vector_id} (${c.status})`)}::${escapeData(message)}`;
    });
  const run = runLevelFailures(report.verdict).map(
    (f) => `::error title=${escapeProperty(`${f.implementation}: the run fails (${f.kind})`)}::${escapeData(f.message)}`,
  );
  const incomplete = report.incomplete
    ? [`::error title=${escapeProperty("the run is incomplete")}::${escapeData(`interrupted by ${report.incomplete.reason}`)}`]
    : [];
  return [...cases, ...run, ...incomplete];
}

export function emitGithubActions(report: Report, env: NodeJS.ProcessEnv = process.env, out: NodeJS.WritableStream = process.stdout): void {
  if (env["GITHUB_ACTIONS"] !== "true") return;
  for (const line of githubAnnotations(report)) out.write(`${line}\n`);
  const summary = env["GITHUB_STEP_SUMMARY"];
  if (summary) appendFileSync(summary, renderMarkdown(report));
}
