/**
 * The history file (JSON lines, one statement per implementation per run): `run --history FILE`
 * appends a run's statements, `history FILE` prints the trend, `history FILE --add report.json`
 * appends from reports already written. Reading and appending the file: history-file.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { historyEntries, leftOutOfHistory } from "../model/history.ts";
import type { Report } from "../model/report.ts";
import { renderHistoryHtml } from "../report/history-html.ts";
import { renderHistoryText } from "../report/history-text.ts";
import { plural } from "../util/plural.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT } from "./exit-code.ts";
import { appendHistoryLines, checkHistoryPath, readHistoryLines } from "./history-file.ts";
import { readReportFile } from "./read-report.ts";

/** Appends a report's statements; says on stderr which it left out and why (a selection, an untested one). */
export function appendHistory(file: string, report: Report): number {
  const entries = historyEntries(report);
  appendHistoryLines(file, entries);
  for (const o of leftOutOfHistory(report))
    process.stderr.write(terminalSafe(`history: ${o.implementation} not appended to ${file}: ${o.why}\n`));
  return entries.length;
}

/** The trend page for a history file; returns where it went. */
export function writeHistoryHtml(file: string, out: string): string {
  writeFileSync(out, renderHistoryHtml(readHistoryLines(file), file));
  return out;
}

/** `run --history`: a finished run's statements appended, and its trend beside index.html in the run folder. */
export function recordRunHistory(file: string, report: Report, dir: string, quiet: boolean): void {
  const n = appendHistory(file, report);
  const trend = writeHistoryHtml(file, join(dir, "history.html"));
  if (!quiet) process.stderr.write(terminalSafe(`history: ${plural(n, "statement")} appended to ${file}; trend: ${trend}\n`));
}

export function historyCommand(file: string, options: { add?: string[]; json?: boolean; html?: string }): number {
  if (options.add?.length) checkHistoryPath(file);
  const reports = (options.add ?? []).map(readReportFile); // every report read before any is appended
  for (const report of reports) appendHistory(file, report);
  const entries = readHistoryLines(file);
  if (options.html !== undefined) writeFileSync(options.html, renderHistoryHtml(entries, file));
  process.stdout.write(options.json ? `${JSON.stringify(entries, null, 2)}\n` : renderHistoryText(entries));
  return EXIT.ok;
}
