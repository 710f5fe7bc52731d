/**
 * The closing hint of a run whose failures an expectations file could record: the exact command
 * again with `--update-expectations`, so a CI log says how to turn a red run into a reviewed diff.
 */

import { caseStatuses, casesWith } from "../model/case-list.ts";
import type { Report } from "../model/report.ts";
import { isFault } from "../model/status.ts";
import { neverStarted } from "../model/verdict.ts";

const SAFE = /^[\w@%+=:,./-]+$/;

function shellWord(word: string): string {
  return SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The hint, or undefined when no failing answer or stale entry of a started implementation is there
 * to record. Timeouts, crashes and flaky cases get none: they are no answer an SDK gives.
 */
export function updateHint(report: Report, argv: readonly string[]): string | undefined {
  const silent = neverStarted(report);
  // Counted from the statuses alone: a run's case store parses no record for them.
  let n = 0;
  for (const c of caseStatuses(report.cases)) if (c.status === "fail" && !silent.has(c.implementation)) n++;
  // A stale entry whose case ran out of time says nothing new about the SDK: recording it would pin a timeout as its answer.
  for (const c of casesWith(report.cases, ["stale"])) if (!isFault(c.raw_status) && !silent.has(c.implementation)) n++;
  if (n === 0 || argv.includes("--update-expectations")) return undefined;
  const command = ["npx", "smcp-conformance", ...argv, "--update-expectations"].map(shellWord).join(" ");
  return `to record ${n === 1 ? "this failing or stale case" : `these ${n} failing or stale cases`} in the expectations (then write each TODO reason): ${command}`;
}
