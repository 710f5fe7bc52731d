/**
 * The closing hint of a run whose failures an expectations file could record: the exact command
 * again with `--update-expectations`, so a CI log says how to turn a red run into a reviewed diff.
 */

import { caseStatuses } from "../model/case-list.ts";
import type { Report } from "../model/report.ts";
import { neverStarted } from "../model/verdict.ts";

const SAFE = /^[\w@%+=:,./-]+$/;

function shellWord(word: string): string {
  return SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The hint, or undefined when no failing answer or stale entry of a started implementation is there to record. */
export function updateHint(report: Report, argv: readonly string[]): string | undefined {
  const silent = neverStarted(report);
  // Counted from the statuses alone: a run's case store parses no record for them.
  let n = 0;
  for (const c of caseStatuses(report.cases)) if ((c.status === "fail" || c.status === "stale") && !silent.has(c.implementation)) n++;
  if (n === 0 || argv.includes("--update-expectations")) return undefined;
  const command = ["npx", "smcp-conformance", ...argv, "--update-expectations"].map(shellWord).join(" ");
  return `to record ${n === 1 ? "this failing or stale case" : `these ${n} failing or stale cases`} in the expectations (then write each TODO reason): ${command}`;
}
