/**
 * Every view of the one report model, registered in one list each: the files written into a run
 * folder, and the outputs printed when a run ends. `run` and `merge` (and any command that
 * produces a report) go through writeReport and announceReport, so every view appears alike.
 * Files are written end to end into a staging folder that is renamed into place only when every
 * view is written (out-dir.ts): a full disk or a crash never leaves a half-written report where
 * readers look, and the previous `latest` stays as it was.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { Report } from "../model/report.ts";
import { runLevelFailures } from "../model/verdict.ts";
import { OutputError } from "../util/output-error.ts";
import { own } from "../util/own.ts";
import { writeFileChecked, writeFileInPieces } from "../util/write-checked.ts";
import { renderBadge, renderBadgeEndpoint } from "./badge.ts";
import { useColor } from "./color.ts";
import { renderConsole } from "./console.ts";
import { emitGithubActions } from "./github-actions.ts";
import { htmlPieces } from "./html.ts";
import { junitChunks } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { discardStaging, makeStaging, markRunFolder, publish, stagingDir } from "./out-dir.ts";
import { writeReportJson } from "./report-json.ts";
import { statementsOf } from "./statement-text.ts";

/** A view written as files into the run folder. */
export interface FileView {
  /** The file (or file pattern) it writes. */
  readonly name: string;
  write(report: Report, dir: string): void;
}

/** A view printed (or emitted to the CI system) when a report is ready. */
export interface OutputView {
  readonly name: string;
  emit(report: Report, context: { readonly dir: string; readonly json: boolean; readonly quiet?: boolean }): void;
}

/** File name for an implementation's JUnit document (`python@0.3.2` → `junit-python@0.3.2.xml`; see artefactName). */
export function junitFileName(implementation: string, all: readonly string[] = [implementation]): string {
  return `junit-${artefactName(implementation, all)}.xml`;
}

/**
 * An implementation's name in artefact file names: from its name, never its path. A checkout
 * (`python@path:../sdk/python-sdk`) is `python-checkout`, so a CI's artefact names do not depend on
 * where the runner put the clone; any other name keeps its name with unsafe characters replaced.
 * Names never collide within a run (`all`: every implementation of the run): when two flatten
 * alike (two checkouts of one SDK, `x@y/z` beside `x@y_z`), each gets 8 hex digits of its full
 * name's sha256, as does any other name whose characters had to be replaced.
 */
export function artefactName(implementation: string, all: readonly string[] = [implementation]): string {
  const base = baseArtefactName(implementation);
  const clash = all.some((other) => other !== implementation && baseArtefactName(other) === base);
  const replaced = !/@path:/.test(implementation) && base !== implementation;
  return clash || replaced ? `${base}-${createHash("sha256").update(implementation).digest("hex").slice(0, 8)}` : base;
}

function baseArtefactName(implementation: string): string {
  const checkout = /^([A-Za-z0-9][A-Za-z0-9_-]*)@path:/.exec(implementation);
  if (checkout) return `${checkout[1]}-checkout`;
  return implementation.replace(/[^A-Za-z0-9@._-]/g, "_").replace(/^\.+/, "_");
}

export const FILE_VIEWS: readonly FileView[] = [
  { name: "report.json", write: (report, dir) => writeReportJson(join(dir, "report.json"), report) },
  { name: "matrix.md", write: (report, dir) => writeFileChecked(join(dir, "matrix.md"), renderMarkdown(report)) },
  { name: "index.html", write: (report, dir) => writeFileInPieces(join(dir, "index.html"), htmlPieces(report)) },
  {
    name: "junit-<implementation>.xml",
    write: (report, dir) => {
      const names = report.implementations.map((i) => i.name);
      for (const impl of report.implementations)
        writeFileInPieces(join(dir, junitFileName(impl.name, names)), junitChunks(report, impl.name));
    },
  },
  {
    name: "badge-<implementation>.svg and .json (shields.io endpoint), and badge-<implementation>-<role> per role",
    write: (report, dir) => {
      const failures = runLevelFailures(report.verdict);
      for (const impl of report.implementations) {
        const counts = own(report.summary.by_implementation, impl.name);
        const statement = statementsOf(report).find((s) => s.implementation === impl.name);
        const run = {
          runFailures: failures.filter((f) => f.implementation === impl.name).length,
          incomplete: !!report.incomplete,
          ...(statement ? { statement } : {}),
        };
        if (!counts) continue;
        const file = artefactName(
          impl.name,
          report.implementations.map((i) => i.name),
        );
        writeFileChecked(join(dir, `badge-${file}.svg`), renderBadge(impl.name, counts, run));
        writeFileChecked(join(dir, `badge-${file}.json`), renderBadgeEndpoint(impl.name, counts, run));
        // One per role the run judged: the role's level and MUST count, red when the role has a failing case.
        for (const r of (statement?.roles ?? []).filter((x) => x.must.required + x.should.required > 0)) {
          const { scope: _whole, ...base } = statement!;
          const roleStatement = { ...base, must: r.must, should: r.should, level: r.level, ...(r.scope ? { scope: r.scope } : {}) };
          const roleRun = { ...run, statement: roleStatement, role: r.role };
          const roleCounts = { ...counts, failed: r.must.failed + r.should.failed, known_gap: r.must.known_gaps + r.should.known_gaps };
          writeFileChecked(join(dir, `badge-${file}-${r.role}.svg`), renderBadge(impl.name, roleCounts, roleRun));
          writeFileChecked(join(dir, `badge-${file}-${r.role}.json`), renderBadgeEndpoint(impl.name, roleCounts, roleRun));
        }
      }
    },
  },
];

export const OUTPUT_VIEWS: readonly OutputView[] = [
  {
    name: "console (text, or one JSON document with --json: the verdict with every reason, and the summary)",
    emit: (report, { dir, json, quiet }) => {
      if (json)
        process.stdout.write(
          `${JSON.stringify({
            report: `${dir}/report.json`,
            verdict: report.verdict,
            summary: report.summary,
            ...(report.incomplete ? { incomplete: { ...report.incomplete, not_run: report.incomplete.not_run.length } } : {}),
          })}\n`,
        );
      else
        process.stdout.write(
          `${renderConsole(report, { quiet: quiet === true, color: useColor(process.stdout), columns: process.stdout.columns })}\nreport: ${dir}/report.json\n`,
        );
    },
  },
  {
    name: "GitHub Actions annotations (stderr with --json) and step summary",
    emit: (report, { json }) => emitGithubActions(report, process.env, json ? process.stderr : process.stdout),
  },
];

/** Thrown by writeReportInterruptible when asked to stop between two views: nothing was published. */
export class WriteInterrupted extends Error {
  override readonly name = "WriteInterrupted";
}

/**
 * Writes every file view into a staging folder, then publishes it as `<outDir>/<run-id>/` and
 * points `<outDir>/latest` at it; returns the run folder. Synchronous: for exit paths.
 */
export function writeReport(report: Report, outDir: string): string {
  const staging = stagingDir(outDir, report.run_id);
  makeStaging(staging);
  try {
    markRunFolder(staging, report.run_id);
    for (const view of FILE_VIEWS) view.write(report, staging);
  } catch (error) {
    discardStaging(staging);
    throw named(error, staging, join(outDir, report.run_id));
  }
  return publish(outDir, staging, report.run_id);
}

/** An output error names the file where the reader will look for it, not the staging copy. */
function named(error: unknown, staging: string, dir: string): unknown {
  return error instanceof OutputError && error.file.startsWith(staging)
    ? new OutputError(dir + error.file.slice(staging.length), error.reason)
    : error;
}

/**
 * writeReport that yields between views, so a signal arriving while the report is written is
 * seen: when `stop()` says so, the staging folder is discarded and WriteInterrupted thrown (the
 * caller then writes the report again, marked incomplete).
 */
export async function writeReportInterruptible(report: Report, outDir: string, stop: () => boolean): Promise<string> {
  const staging = stagingDir(outDir, report.run_id);
  makeStaging(staging);
  pending.add(staging);
  try {
    markRunFolder(staging, report.run_id);
    for (const view of FILE_VIEWS) {
      view.write(report, staging);
      await new Promise((resolve) => setImmediate(resolve));
      if (stop()) throw new WriteInterrupted("interrupted while the report was written");
    }
  } catch (error) {
    discardStaging(staging);
    throw named(error, staging, join(outDir, report.run_id));
  } finally {
    pending.delete(staging);
  }
  return publish(outDir, staging, report.run_id);
}

/** Staging folders of writes still in progress (an exit path discards them before writing its own report). */
const pending = new Set<string>();

export function discardPendingWrites(): void {
  for (const staging of pending) discardStaging(staging);
  pending.clear();
}

/** Emits every output view of a written report. */
export function announceReport(report: Report, dir: string, options: { readonly json?: boolean; readonly quiet?: boolean } = {}): void {
  for (const view of OUTPUT_VIEWS) view.emit(report, { dir, json: options.json === true, quiet: options.quiet === true });
}
