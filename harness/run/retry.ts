/**
 * One retry for a live case that failed: run again alone once every other case has finished, so a
 * verdict that flipped with the machine's load is told from one the implementation gives every time.
 *
 * - A first attempt whose record shows it starved (its box expired while the implementation was
 *   still acting, live-timeout.ts) gave no verdict at all: the retry's verdict is the case's, a pass
 *   included. Counting it `flaky` would have a busy machine turn a conforming implementation's
 *   statement into "not conforming (unverified)": red for a green run.
 * - Any other first failure (a wrong answer, a box the implementation sat quiet through) is a
 *   verdict: a retry that passes makes the case `flaky`, counted and listed, never a pass and never
 *   a failure.
 * - Any other retry stands as the case's verdict.
 *
 * The first attempt is kept whole beside the retry either way. Pure, so `audit` combines the two
 * the same way from the first attempt it re-derives.
 */
import { judgedValue } from "../live/roles.ts";
import type { CaseRecord, FirstAttempt } from "../model/report.ts";
import { type FinalStatus, isFailing } from "../model/status.ts";

/** Whether a first attempt is retried: a live case whose status counts against the implementation. */
export function retried(record: Pick<CaseRecord, "status">, live: boolean): boolean {
  return live && isFailing(record.status);
}

/**
 * How long the harness's event loop may stand still during a live attempt before the attempt says
 * nothing of the implementation: on a quiet machine a whole scene stalls for tens of milliseconds,
 * and the kit's own waits and an in-process implementation's budgets are seconds long (the reference's
 * mount act has 4 s; rehearsal 2 stalled 4.5 s in the run's first seconds and that mount raised).
 */
export const STALL_VOIDS_ATTEMPT_MS = 1_000;

/** The harness loop's stall while the attempt's scene was open, as its record keeps it (0: not recorded). */
function stalledMs(t: FirstAttempt["transcript"]): number {
  const evidence = (t.transport?.evidence ?? t.wire?.evidence) as { loop_stalled_ms?: unknown } | undefined;
  return typeof evidence?.loop_stalled_ms === "number" ? evidence.loop_stalled_ms : 0;
}

/**
 * Whether a first attempt gave no verdict: its live role reads from its record that the box expired
 * while the implementation was still acting, or the record shows the harness's loop standing still
 * for STALL_VOIDS_ATTEMPT_MS or more while it ran (a wait or budget inside it then measured the machine).
 */
export function starved(first: Pick<FirstAttempt, "result" | "transcript">): boolean {
  const judged = judgedValue(first);
  return (judged.kind === "timeout" && judged.starved === true) || stalledMs(first.transcript) >= STALL_VOIDS_ATTEMPT_MS;
}

/** The status of a case tried twice: the retry's, except that a pass after a first attempt that gave a verdict is flaky. */
export function retryStatus(retry: FinalStatus, first: Pick<FirstAttempt, "result" | "transcript">): FinalStatus {
  return retry === "pass" && !starved(first) ? "flaky" : retry;
}

/** The retry's record, its status combined with the first attempt's, which it carries whole. */
export function withFirstAttempt(retry: CaseRecord, first: CaseRecord): CaseRecord {
  const firstAttempt: FirstAttempt = {
    status: first.status,
    raw_status: first.raw_status,
    ...(first.answer !== undefined ? { answer: first.answer } : {}),
    result: first.result,
    diffs: first.diffs,
    ...(first.note !== undefined ? { note: first.note } : {}),
    duration_ms: first.duration_ms,
    attempts: first.attempts,
    transcript: first.transcript,
    ...(first.compared !== undefined ? { compared: first.compared } : {}),
  };
  return { ...retry, status: retryStatus(retry.status, first), first_attempt: firstAttempt };
}
