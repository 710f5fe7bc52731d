/** `smcp-conformance merge a.json b.json … --out <dir>`: one report (and all its views) from every shard of a run. */

import { loadRequirements } from "../corpus/load-requirements.ts";
import type { Report } from "../model/report.ts";
import { MergeError, mergeReports } from "../report/merge-reports.ts";
import { prepareOutDir } from "../report/out-dir.ts";
import { parseKeep, pruneRuns } from "../report/retention.ts";
import { announceReport, writeReport } from "../report/views.ts";
import { UsageError } from "../util/usage-error.ts";
import { exitCodeFor } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

export function mergeCommand(paths: string[], out: string, keep?: string): number {
  const kept = parseKeep(keep);
  const reports = paths.map(readReportFile);
  const outDir = prepareOutDir(out);
  let merged: Report;
  try {
    // Coverage needs the kit's requirements index, which the shard reports do not carry.
    merged = mergeReports(reports, loadRequirements().requirements);
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(error.message);
    throw error;
  }
  const dir = writeReport(merged, outDir);
  announceReport(merged, dir);
  pruneRuns(outDir, kept);
  return exitCodeFor(merged);
}
