/**
 * CI-friendly output under GitHub Actions: each failing case becomes an `::error` annotation and
 * the Markdown view is appended to the job's step summary.
 */
import { appendFileSync } from "node:fs";
import { describeDifference } from "../diff/describe.ts";
import type { Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";
import { renderMarkdown } from "./markdown.ts";

/** Workflow-command escaping: %, CR and LF in data; also : and , in properties. */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function githubAnnotations(report: Report): string[] {
  return report.cases
    .filter((c) => isFailing(c.status))
    .map((c) => {
      const message =
        c.status === "stale"
          ? `listed as a known ${c.gap?.status} gap but the case is now ${c.raw_status}`
          : (c.note ?? c.diffs.map(describeDifference).join("; "));
      return `::error title=${escapeProperty(`${c.implementation} ${c.vector_id} (${c.status})`)}::${escapeData(message)}`;
    });
}

export function emitGithubActions(report: Report, env: NodeJS.ProcessEnv = process.env): void {
  if (env["GITHUB_ACTIONS"] !== "true") return;
  for (const line of githubAnnotations(report)) process.stdout.write(`${line}\n`);
  const summary = env["GITHUB_STEP_SUMMARY"];
  if (summary) appendFileSync(summary, renderMarkdown(report));
}
