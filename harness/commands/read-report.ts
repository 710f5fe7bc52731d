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
  const bad = badRecord(report.cases, "cases", ["vector_id", "implementation", "status"]) ?? badRecord(report.vectors, "vectors", ["id"]);
  if (bad !== undefined) throw new UsageError(`cannot read report ${path}: ${bad}`);
  return report;
}

/**
 * The first entry every command would trip over (a null case was a TypeError, exit 3, in audit,
 * divergences and history --add): not an object, or without a string it is looked up by. What a
 * case claims beyond that is the audit's to judge, so a tampered status stays a finding, not this.
 */
function badRecord(list: readonly unknown[], name: string, keys: readonly string[]): string | undefined {
  const what = name === "cases" ? "a case record" : "a vector record";
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (entry === null || typeof entry !== "object" || Array.isArray(entry))
      return `${name}[${i}] is ${entry === null ? "null" : Array.isArray(entry) ? "an array" : `a ${typeof entry}`}, not ${what}`;
    const missing = keys.find((k) => typeof (entry as Record<string, unknown>)[k] !== "string");
    if (missing !== undefined) return `${name}[${i}] has no ${missing} (a string), so it is not ${what}`;
  }
  return undefined;
}
