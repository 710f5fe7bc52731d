/** `smcp-conformance audit <report.json>`: exit 0 when the report agrees with its transcripts, 1 when it does not, 2 when it cannot be read. */
import { auditReport } from "../audit/audit-report.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

export function auditCommand(path: string): number {
  const { cases, problems, notes } = auditReport(readReportFile(path));
  for (const note of notes) process.stderr.write(terminalSafe(`audit note: ${note}\n`));
  if (problems.length === 0) {
    process.stdout.write(`audit: ${cases} cases re-derived from their transcripts; the summary agrees\n`);
    return EXIT.ok;
  }
  process.stdout.write(terminalSafe(`audit: ${problems.length} disagreements in ${path}\n${problems.map((p) => `  ${p}`).join("\n")}\n`));
  return EXIT.failures;
}
