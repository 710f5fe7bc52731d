/** Reading a report.json a user names (audit, compare, merge, coverage): bounded depth, the shape of a report, or a usage error. */
import type { ParsedReport } from "../model/report.ts";
import { jsonTextDeeperThan, MAX_VALUE_DEPTH } from "../util/json-depth.ts";
import { readUserFile } from "../util/read-user-file.ts";
import { UsageError } from "../util/usage-error.ts";

/** A report nests a case's values (at most MAX_VALUE_DEPTH each) a few levels down: anything deeper is not a report. */
export const MAX_REPORT_DEPTH = 2 * MAX_VALUE_DEPTH + 16;

export function readReportFile(path: string): ParsedReport {
  const text = readUserFile(path, "report");
  if (jsonTextDeeperThan(text, MAX_REPORT_DEPTH)) throw new UsageError(`cannot read report ${path}: nested deeper than any report`);
  let report: ParsedReport;
  try {
    report = JSON.parse(text) as ParsedReport;
  } catch (error) {
    throw new UsageError(`cannot read report ${path}: ${(error as Error).message}`);
  }
  if (report === null || typeof report !== "object" || !Array.isArray(report.cases) || !Array.isArray(report.vectors))
    throw new UsageError(`cannot read report ${path}: it lacks cases or vectors`);
  return report;
}
