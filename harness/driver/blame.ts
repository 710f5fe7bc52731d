/**
 * Whom a lost process is blamed on. One call in flight when the adapter crashed, broke the protocol
 * or hung is that call's fault; several are suspects, re-sent one at a time so the culprit is found,
 * not guessed. A call that timed out is its own fault, unless it was in a batch with others still
 * waiting: a batch is answered whole, so any of them may be the one that hangs, and each is re-sent alone.
 */

import type { Pending } from "./pending-calls.ts";

export interface Blame {
  /** The call that is faulted now, if one is known. */
  readonly culprit: Pending | undefined;
  /** Re-sent alone, first: any of them may be the culprit. */
  readonly suspects: readonly Pending[];
  /** Re-sent as before, after the suspects: they were only queued behind the culprit. */
  readonly innocent: readonly Pending[];
}

/** The process ended or broke the protocol with these calls in flight. */
export function blameLoss(inFlight: readonly Pending[]): Blame {
  if (inFlight.length === 1) return { culprit: inFlight[0], suspects: [], innocent: [] };
  return { culprit: undefined, suspects: inFlight, innocent: [] };
}

/** `p` timed out; `waiting` are the other calls that were in flight with it. */
export function blameTimeout(p: Pending, waiting: readonly Pending[]): Blame {
  if (p.batch !== 0 && waiting.some((other) => other.batch === p.batch)) {
    const batch = [p, ...waiting.filter((other) => other.batch === p.batch)].sort((a, b) => a.id - b.id);
    return { culprit: undefined, suspects: batch, innocent: waiting.filter((other) => other.batch !== p.batch) };
  }
  return { culprit: p, suspects: [], innocent: waiting };
}
