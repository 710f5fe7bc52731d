/**
 * Every view of the one report model, registered in one list each: the files written into a run
 * folder, and the outputs printed when a run ends. `run` and `merge` (and any command that
 * produces a report) go through writeReport and announceReport, so every view appears alike.
 * Files are written atomically (temp file + rename): a crash never leaves half a file.
 */
import { cpSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Report } from "../model/report.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { renderBadge } from "./badge.ts";
import { renderConsole } from "./console.ts";
import { emitGithubActions } from "./github-actions.ts";
import { renderHtml } from "./html.ts";
import { renderJUnit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { writeReportJson } from "./report-json.ts";

/** A view written as files into the run folder. */
export interface FileView {
  /** The file (or file pattern) it writes. */
  readonly name: string;
  write(report: Report, dir: string): void;
}

/** A view printed (or emitted to the CI system) when a report is ready. */
export interface OutputView {
  readonly name: string;
  emit(report: Report, context: { readonly dir: string; readonly json: boolean }): void;
}

/** File name for an implementation's JUnit document (`python@0.3.2` → `junit-python@0.3.2.xml`). */
export function junitFileName(implementation: string): string {
  return `junit-${safeName(implementation)}.xml`;
}

function safeName(implementation: string): string {
  return implementation.replace(/[^A-Za-z0-9@._-]/g, "_");
}

export const FILE_VIEWS: readonly FileView[] = [
  { name: "report.json", write: (report, dir) => writeReportJson(join(dir, "report.json"), report) },
  { name: "matrix.md", write: (report, dir) => writeAtomic(join(dir, "matrix.md"), renderMarkdown(report)) },
  { name: "index.html", write: (report, dir) => writeAtomic(join(dir, "index.html"), renderHtml(report)) },
  {
    name: "junit-<implementation>.xml",
    write: (report, dir) => {
      for (const impl of report.implementations) writeAtomic(join(dir, junitFileName(impl.name)), renderJUnit(report, impl.name));
    },
  },
  {
    name: "badge-<implementation>.svg",
    write: (report, dir) => {
      for (const impl of report.implementations) {
        const counts = report.summary.by_implementation[impl.name];
        if (counts) writeAtomic(join(dir, `badge-${safeName(impl.name)}.svg`), renderBadge(impl.name, counts));
      }
    },
  },
];

export const OUTPUT_VIEWS: readonly OutputView[] = [
  {
    name: "console (text, or a JSON summary with --json)",
    emit: (report, { dir, json }) => {
      if (json) process.stdout.write(`${JSON.stringify({ report: `${dir}/report.json`, summary: report.summary })}\n`);
      else process.stdout.write(`${renderConsole(report)}\nreport: ${dir}/report.json\n`);
    },
  },
  { name: "GitHub Actions annotations and step summary", emit: (report) => emitGithubActions(report) },
];

/** Writes every file view into `<outDir>/<run-id>/` and replaces `<outDir>/latest/` with a copy; returns the run folder. */
export function writeReport(report: Report, outDir: string): string {
  const dir = join(outDir, report.run_id);
  mkdirSync(dir, { recursive: true });
  for (const view of FILE_VIEWS) view.write(report, dir);
  const staging = join(outDir, `.latest.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(dir, staging, { recursive: true });
  rmSync(join(outDir, "latest"), { recursive: true, force: true });
  renameSync(staging, join(outDir, "latest"));
  return dir;
}

/** Emits every output view of a written report. */
export function announceReport(report: Report, dir: string, options: { readonly json?: boolean } = {}): void {
  for (const view of OUTPUT_VIEWS) view.emit(report, { dir, json: options.json === true });
}
