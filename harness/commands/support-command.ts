/**
 * `support`: the support table (model/support.ts) of a report (default <out>/latest/report.json) or
 * of a history file (--history: the last statement of each release and revision). Prints it; with
 * a report, also writes support.md and support.html into the run folder the report is in.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { supportRows } from "../model/support.ts";
import { statementsOf } from "../report/statement-text.ts";
import { renderSupportHtml } from "../report/support-html.ts";
import { renderSupportMarkdown, renderSupportText } from "../report/support-text.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { writeFileChecked } from "../util/write-checked.ts";
import { EXIT } from "./exit-code.ts";
import { readHistoryLines } from "./history-file.ts";
import { readReportFile } from "./read-report.ts";

export interface SupportOptions {
  readonly report?: string;
  readonly history?: string;
  readonly out?: string;
  readonly markdown?: boolean;
  readonly json?: boolean;
}

export function supportCommand(options: SupportOptions): number {
  if (options.report !== undefined && options.history !== undefined)
    throw new UsageError("support: --report and --history each name the source; choose one");
  if (options.json && options.markdown) throw new UsageError("support: --json and --markdown both print the table; choose one");
  const fromHistory = options.history !== undefined;
  const latest = join(options.out ?? "reports", "latest", "report.json");
  const reportPath = fromHistory ? undefined : (options.report ?? (existsSync(latest) ? latest : undefined));
  if (!fromHistory && reportPath === undefined)
    throw new UsageError(`support needs a report or a history file: run first, or name one with --report or --history (no ${latest})`);
  const source = options.history ?? reportPath!;
  const rows = supportRows(fromHistory ? readHistoryLines(options.history!) : statementsOf(readReportFile(reportPath!)));
  if (options.json) process.stdout.write(`${JSON.stringify({ source, rows }, null, 2)}\n`);
  else if (options.markdown) process.stdout.write(renderSupportMarkdown(rows, source));
  else process.stdout.write(terminalSafe(renderSupportText(rows, source)));
  if (reportPath !== undefined && !options.json && !options.markdown) {
    const dir = dirname(reportPath);
    mkdirSync(dir, { recursive: true });
    const files = [
      { file: join(dir, "support.md"), text: renderSupportMarkdown(rows, source) },
      { file: join(dir, "support.html"), text: renderSupportHtml(rows, source, "index.html") },
    ];
    for (const f of files) writeFileChecked(f.file, f.text);
    process.stdout.write(terminalSafe(`written: ${files.map((f) => f.file).join(", ")}\n`));
  }
  return EXIT.ok;
}
