/**
 * Writes a run's report files atomically (temp file + rename): a crash never leaves half a file.
 * Each run gets `<out>/<run-id>/`; `<out>/latest/` is replaced by a copy of the newest run.
 */

import { cpSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Report } from "../model/report.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { renderBadge } from "./badge.ts";
import { renderHtml } from "./html.ts";
import { renderJUnit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { writeReportJson } from "./report-json.ts";

/** File name for an implementation's JUnit document (`python@0.3.2` → `junit-python@0.3.2.xml`). */
export function junitFileName(implementation: string): string {
  return `junit-${safeName(implementation)}.xml`;
}

function safeName(implementation: string): string {
  return implementation.replace(/[^A-Za-z0-9@._-]/g, "_");
}

/** Returns the run folder `<outDir>/<run-id>/`. */
export function writeReport(report: Report, outDir: string): string {
  const dir = join(outDir, report.run_id);
  mkdirSync(dir, { recursive: true });
  writeReportJson(join(dir, "report.json"), report);
  writeAtomic(join(dir, "matrix.md"), renderMarkdown(report));
  writeAtomic(join(dir, "index.html"), renderHtml(report));
  for (const impl of report.implementations) {
    writeAtomic(join(dir, junitFileName(impl.name)), renderJUnit(report, impl.name));
    const counts = report.summary.by_implementation[impl.name];
    if (counts) writeAtomic(join(dir, `badge-${safeName(impl.name)}.svg`), renderBadge(impl.name, counts));
  }
  const staging = join(outDir, `.latest.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(dir, staging, { recursive: true });
  rmSync(join(outDir, "latest"), { recursive: true, force: true });
  renameSync(staging, join(outDir, "latest"));
  return dir;
}
