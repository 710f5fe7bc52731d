/** Writes a run's report files atomically (temp file + rename): a crash never leaves half a file. */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderMarkdown } from "./markdown.ts";
import type { Report } from "./model.ts";

export function writeAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** Returns the run folder `<outDir>/<run-id>/` holding report.json and summary.md. */
export function writeReport(report: Report, outDir: string): string {
  const dir = join(outDir, report.run_id);
  mkdirSync(dir, { recursive: true });
  writeAtomic(join(dir, "report.json"), `${JSON.stringify(report, null, 1)}\n`);
  writeAtomic(join(dir, "summary.md"), renderMarkdown(report));
  return dir;
}
