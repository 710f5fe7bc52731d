/** `smcp-conformance compare old.json new.json`: exit 1 when there are regressions. */
import { readFileSync } from "node:fs";
import type { Report } from "../model/report.ts";
import { compareReports, renderComparison } from "../report/compare-reports.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";

function readReport(path: string): Report {
  try {
    const report = JSON.parse(readFileSync(path, "utf8")) as Report;
    if (!Array.isArray(report.cases) || !Array.isArray(report.vectors)) throw new Error("it lacks cases or vectors");
    return report;
  } catch (error) {
    throw new UsageError(`cannot read report ${path}: ${(error as Error).message}`);
  }
}

export function compareCommand(oldPath: string, newPath: string, json: boolean): number {
  const comparison = compareReports(readReport(oldPath), readReport(newPath));
  process.stdout.write(json ? `${JSON.stringify(comparison)}\n` : `${renderComparison(comparison)}\n`);
  return comparison.regressions.length > 0 ? EXIT.failures : EXIT.ok;
}
