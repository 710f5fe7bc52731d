/**
 * How a run ends on the console: the report announced, the way it stopped (--bail, a signal, an
 * internal error) said in one line, the exit code, and old run folders pruned. A run that ended by
 * an internal error or a second signal still writes the report of what ran, marked incomplete.
 */

import type { Report } from "../model/report.ts";
import type { Pruned } from "../report/retention.ts";
import { announceReport, discardPendingWrites, writeReport } from "../report/views.ts";
import { plural } from "../util/plural.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT, exitCodeFor, type HandledSignal, INTERNAL_ERROR } from "./exit-code.ts";
import { describeError, type Fatal } from "./interrupts.ts";

/** The incomplete reason --bail leaves: the run stopped at its first failing case (exit 1). */
export const BAIL = "--bail";

/** A run that ended by an internal error: its report was written (marked incomplete); main exits 3. */
export class RunInternalError extends Error {
  override readonly name = "RunInternalError";
}

/** What the console part of a run's ending reads of its options. */
export interface ConsoleOptions {
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** Prints the report (every output view) and how the run ended; returns the exit code. */
export function finish(report: Report, dir: string, options: ConsoleOptions): number {
  announceReport(report, dir, { json: options.json === true, quiet: options.quiet === true });
  if (report.incomplete?.reason === BAIL) {
    process.stderr.write(`stopped at the first failing case (--bail): ${report.incomplete.not_run.length} cases did not run\n`);
    return EXIT.failures;
  }
  if (report.incomplete) {
    const i = report.incomplete;
    const why = i.reason === INTERNAL_ERROR ? `${i.reason}: ${i.detail ?? ""}` : i.reason;
    process.stderr.write(
      terminalSafe(
        `run interrupted (${why}): ${report.cases.length} cases ran, ${i.not_run.length} did not; the partial report is marked incomplete: ${dir}/report.json\n`,
      ),
    );
  }
  return exitCodeFor(report);
}

/** The incomplete marker for a signal or an internal error. */
export function incompleteOf(cause: Fatal, phase: string): { reason: string; phase: string; detail?: string } {
  if ("signal" in cause) return { reason: cause.signal, phase };
  const error = cause.error;
  return { reason: INTERNAL_ERROR, phase, detail: error instanceof Error ? error.message : String(error) };
}

export function fatalCode(cause: Fatal): number {
  return "signal" in cause ? EXIT[cause.signal as HandledSignal] : EXIT.internal;
}

/** After an internal error the report of what ran is still written; the error goes on to main (exit 3). */
export function writeAfterInternalError(error: unknown, report: Report, out: string, options: ConsoleOptions): RunInternalError {
  try {
    discardPendingWrites();
    finish(report, writeReport(report, out), options);
  } catch (writeError) {
    process.stderr.write(`the report could not be written either: ${describeError(writeError)}\n`);
  }
  return new RunInternalError(describeError(error));
}

/** One line when older run folders were removed (or could not be). */
export function announcePruned(pruned: Pruned, keep: number, quiet: boolean): void {
  const n = pruned.removed.length;
  if (n > 0 && !quiet)
    process.stderr.write(`removed ${plural(n, "run folder")} older than the ${keep} newest (--keep N sets how many; 0 keeps all)\n`);
  if (pruned.failed.length > 0) process.stderr.write(terminalSafe(`could not remove old run folders: ${pruned.failed.join(", ")}\n`));
}
