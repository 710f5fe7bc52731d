/** Every implementation, in-process or subprocess, is this one small interface. */

export interface Handshake {
  readonly implementation: string;
  readonly sdk: { readonly name: string; readonly version: string; readonly packages?: Readonly<Record<string, string>> };
  /** The A2C-SMCP protocol version the SDK claims. */
  readonly protocol_version: string | null;
  readonly operations: readonly string[];
  /**
   * The offered operations whose calls the adapter answers concurrently, in any order (a long call
   * holds no other back). Absent: none is promised, and the harness runs live cases that need it
   * one at a time.
   */
  readonly concurrent?: readonly string[];
  readonly runtime?: string;
  /** The adapter protocol its hello answered (2: it was sent batches); absent in-process. */
  readonly adapter_protocol?: number;
}

/** What became of one call. The last three are harness-observed faults, attributed to the case. */
export type CallResult =
  | { readonly kind: "ok"; readonly output: unknown }
  | {
      readonly kind: "error";
      readonly error: {
        readonly reason: string;
        readonly message: string;
        readonly raw_type?: string;
        readonly details?: Readonly<Record<string, unknown>>;
      };
    }
  | { readonly kind: "unsupported"; readonly message?: string }
  | { readonly kind: "not_applicable"; readonly message: string }
  | { readonly kind: "crash"; readonly message: string }
  | {
      readonly kind: "timeout";
      readonly message: string;
      /**
       * The live role read from the record that the box expired while the implementation was still
       * acting (live-timeout.ts): the attempt measured the machine's load and says nothing of the
       * implementation, so a retry that passes is a pass (run/retry.ts), never `flaky`.
       */
      readonly starved?: true;
    }
  | { readonly kind: "protocol_error"; readonly message: string };

export type FaultKind = "crash" | "timeout" | "protocol_error" | "not_sent";

/**
 * A live case's record, as its scene wrote it. Its shape belongs to the role that played the case:
 * it is read only through that role's checked accessor (harness/live/evidence.ts), never cast.
 */
export type LiveRecord = object;

/**
 * The evidence for one case: the exact request and response lines, or the fault that took the
 * place of a response. `audit` re-derives every status from these alone.
 */
export interface Transcript {
  readonly request: string | null;
  readonly response: string | null;
  readonly fault?: { readonly kind: FaultKind; readonly detail: string };
  /** A transport case: the scene's id and server, and the server's record of every exchange (harness/transport/evidence.ts). */
  readonly transport?: { readonly case_id: string; readonly base_url: string; readonly evidence: LiveRecord };
  /** A wire case: the scene's id and the Server's record of every Socket.IO packet (harness/wire/evidence.ts). */
  readonly wire?: { readonly case_id: string; readonly evidence: LiveRecord };
}

export interface Answer {
  readonly result: CallResult;
  readonly transcript: Transcript;
  /** From sending the request to reading the answer (queueing excluded). */
  readonly duration_ms: number;
  /** How many times the request was sent (a restart re-sends the cases it interrupted). */
  readonly attempts: number;
}

export interface ImplementationStats {
  readonly restarts: number;
  /** The last part of the adapter's stderr: evidence, never itself a failure. */
  readonly stderr_tail: string;
  /** Set when the adapter was given up on after too many restarts, or stopped by an interrupt (see stoppedByInterrupt). */
  readonly broken?: string;
}

/** Why the driver stopped an adapter that was still working when the run was interrupted (a signal, --bail). */
export const INTERRUPTED = "the run was interrupted";

/** A `broken` reason that only says the run stopped it (set-up, hello or cases cut short), not that the adapter failed. */
export function stoppedByInterrupt(broken: string): boolean {
  return broken === INTERRUPTED || broken.startsWith("interrupted ");
}

export interface CallOptions {
  readonly timeoutMs?: number;
}

/** What `call` resolves with, returned directly: an in-process implementation's synchronous twin of `call`. */
export type AnswerNow = (op: string, input: Record<string, unknown>) => Answer;

/**
 * A `call` that can also answer synchronously. The twin rides on the call function itself, not
 * beside it on the implementation: a wrapper that replaces `call` (spreading the rest) then drops
 * the fast path with it, instead of keeping one that bypasses the wrapper. The in-process timeout
 * guard settles with the direct answer, so a case costs no promise adoption.
 */
export function withAnswerNow(call: Implementation["call"], now: AnswerNow): Implementation["call"] {
  return Object.assign(call, { now });
}

export function answerNowOf(impl: Implementation): AnswerNow | undefined {
  return (impl.call as { now?: AnswerNow }).now;
}

export interface Implementation {
  readonly name: string;
  readonly transport: "in-process" | "subprocess";
  start(): Promise<Handshake>;
  /** `timeoutMs` raises the case timeout for this call (a transport case's own time boxes need longer). */
  call(op: string, input: Record<string, unknown>, options?: CallOptions): Promise<Answer>;
  stop(): Promise<ImplementationStats>;
  /** An interrupted run: end the adapter now (no grace); unanswered calls are not awaited. */
  kill(): void;
  /** The stats so far, without stopping (a report written while the run is still going). */
  statsNow?(): ImplementationStats;
}
