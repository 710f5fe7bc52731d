/**
 * One retry for a live case that failed: run again alone once every other case has finished, so a
 * verdict that flipped with the machine's load (a box that expired on a busy runner, a scene that
 * starved) is told from one the implementation gives every time. A retry that passes makes the case
 * `flaky`: counted and listed, never a pass and never a failure. Any other retry stands as the case's
 * verdict, with the first attempt kept whole beside it. Pure, so `audit` combines the two the same way.
 */
import type { CaseRecord, FirstAttempt } from "../model/report.ts";
import { type FinalStatus, isFailing } from "../model/status.ts";

/** Whether a first attempt is retried: a live case whose status counts against the implementation. */
export function retried(record: Pick<CaseRecord, "status">, live: boolean): boolean {
  return live && isFailing(record.status);
}

/** The status of a case tried twice: flaky when the retry passed, else the retry's. */
export function retryStatus(retry: FinalStatus): FinalStatus {
  return retry === "pass" ? "flaky" : retry;
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
  return { ...retry, status: retryStatus(retry.status), first_attempt: firstAttempt };
}
