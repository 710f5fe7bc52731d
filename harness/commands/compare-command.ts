/** `smcp-conformance compare old.json new.json`: exit 1 on regressions, removed implementations or missing cases. */
import { compareReports, renderComparison } from "../report/compare-reports.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

export function compareCommand(oldPath: string, newPath: string, json: boolean): number {
  const comparison = compareReports(readReportFile(oldPath), readReportFile(newPath));
  process.stdout.write(json ? `${JSON.stringify(comparison)}\n` : `${terminalSafe(renderComparison(comparison))}\n`);
  const lost = comparison.regressions.length + comparison.removed_implementations.length + comparison.missing_cases.length;
  return lost > 0 ? EXIT.failures : EXIT.ok;
}
