/**
 * Exit codes, one table: 0 the run passed; 1 it failed (a failing case, or another reason its
 * verdict gives); 2 a usage, corpus or output error (nothing ran, or the report could not be
 * written); 3 an internal error of the kit; 128 + the signal's number when a signal ended it
 * (SIGHUP 129, SIGINT 130, SIGTERM 143). A run that did not finish always exits with its signal's
 * code or 3, never 0 or 1.
 */
import type { Report } from "../model/report.ts";

export const EXIT = { ok: 0, failures: 1, usage: 2, internal: 3, SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** The signals a run handles, each ending it with 128 + its number. */
export const HANDLED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
export type HandledSignal = (typeof HANDLED_SIGNALS)[number];

/** The incomplete reason an internal error leaves in a report. */
export const INTERNAL_ERROR = "internal error";

export function signalExitCode(signal: string): number | undefined {
  return (HANDLED_SIGNALS as readonly string[]).includes(signal) ? EXIT[signal as HandledSignal] : undefined;
}

/** The exit code a report stands for: its verdict, or how it was cut short. */
export function exitCodeFor(report: Report): number {
  if (report.incomplete) return signalExitCode(report.incomplete.reason) ?? EXIT.internal;
  return report.verdict.status === "pass" ? EXIT.ok : EXIT.failures;
}

/** For `--help`. */
export const EXIT_CODES_HELP = `
Exit codes:
  0    the run passed (every judged case, no other reason to fail)
  1    the run failed: a failing case, a stale or orphan expectations entry, an adapter that never
       started, an implementation with no judged case (see --allow-empty); audit: disagreements;
       compare: regressions, removed implementations or missing cases
  2    usage error, broken corpus or expectations file, or an --out that cannot be written
       (nothing ran, or the report could not be written; the previous latest/ is left as it was)
  3    internal error of the kit (a report marked incomplete is written when a run had started)
  129  SIGHUP, 130 SIGINT, 143 SIGTERM: the run stopped; a report marked incomplete lists what did not run`;
