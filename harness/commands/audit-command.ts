/** `smcp-conformance audit <report.json>`: exit 0 when the report agrees with its transcripts. */
import { readFileSync } from "node:fs";
import { auditReport } from "../audit/audit-report.ts";
import type { Report } from "../model/report.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";

export function auditCommand(path: string): number {
  let report: Report;
  try {
    report = JSON.parse(readFileSync(path, "utf8")) as Report;
  } catch (error) {
    throw new UsageError(`cannot read report ${path}: ${(error as Error).message}`);
  }
  const { cases, problems } = auditReport(report);
  if (problems.length === 0) {
    process.stdout.write(`audit: ${cases} cases re-derived from their transcripts; the summary agrees\n`);
    return EXIT.ok;
  }
  process.stdout.write(`audit: ${problems.length} disagreements in ${path}\n${problems.map((p) => `  ${p}`).join("\n")}\n`);
  return EXIT.failures;
}
