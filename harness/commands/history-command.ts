/**
 * The history file (JSON lines, one statement per implementation per run): `run --history FILE`
 * appends a run's statements, `history FILE` prints the trend, `history FILE --add report.json`
 * appends from reports already written.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { type HistoryEntry, historyEntries } from "../model/history.ts";
import type { Report } from "../model/report.ts";
import { renderHistoryHtml } from "../report/history-html.ts";
import { renderHistoryText } from "../report/history-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

export function appendHistory(file: string, report: Report): number {
  const entries = historyEntries(report);
  appendFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
  return entries.length;
}

export function readHistory(file: string): HistoryEntry[] {
  if (!existsSync(file)) throw new UsageError(`no history file ${file}: record one with run --history ${file}`);
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((text, i) => {
      if (text.trim() === "") return [];
      try {
        const entry = JSON.parse(text) as HistoryEntry;
        if (typeof entry.implementation !== "string" || typeof entry.must?.required !== "number") throw new Error("not a history entry");
        return [entry];
      } catch (error) {
        throw new UsageError(`${file}:${i + 1}: ${(error as Error).message}`);
      }
    });
}

/** The trend page for a history file; returns where it went. */
export function writeHistoryHtml(file: string, out: string): string {
  writeFileSync(out, renderHistoryHtml(readHistory(file), file));
  return out;
}

export function historyCommand(file: string, options: { add?: string[]; json?: boolean; html?: string }): number {
  for (const path of options.add ?? []) appendHistory(file, readReportFile(path));
  const entries = readHistory(file);
  if (options.html !== undefined) writeFileSync(options.html, renderHistoryHtml(entries, file));
  process.stdout.write(options.json ? `${JSON.stringify(entries, null, 2)}\n` : renderHistoryText(entries));
  return EXIT.ok;
}
