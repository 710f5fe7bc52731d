/** The subprocess driver's options, their defaults, and the limits every driver timer and batch keeps to. */

export interface DriverOptions {
  /** Most requests in flight at once. */
  readonly window: number;
  readonly caseTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
  /** Check every adapter line against the JSON Schemas, outputs included. */
  readonly strictProtocol: boolean;
  /** Restarts in a row without a single answer before the adapter is given up as broken. */
  readonly maxRestarts: number;
  readonly shutdownGraceMs: number;
  /** The longest line an adapter may write; a longer one is a protocol error (its bytes are never buffered). */
  readonly maxLineBytes: number;
  /**
   * The most answer bytes kept from one adapter in a run (every line read, summed): past it the
   * adapter is stopped and its cases are faults. A per-line limit alone let 68 answers of 40 MB
   * each run the harness out of heap before any report was written.
   */
  readonly maxAdapterBytes: number;
  /** Send batches to an adapter that speaks protocol 2 (false: one call per line, as protocol 1; the bench compares). */
  readonly batches: boolean;
}

/**
 * The most calls in one batch line (protocol 2), and at most half the window: batches small enough
 * that the adapter answers one while the harness reads the last. At window 1024 half-window batches
 * of 512 left each side waiting on the other (Rust 116k → 87k cases/s); batches of 32 keep both busy.
 */
export const BATCH_MAX = 32;

/** setTimeout's limit: a longer delay fires at once, so every timeout is capped here (and options are checked against it). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const DEFAULT_DRIVER_OPTIONS: DriverOptions = {
  window: 64,
  caseTimeoutMs: 10_000,
  handshakeTimeoutMs: 60_000,
  strictProtocol: false,
  maxRestarts: 3,
  // How long an adapter may take to exit after shutdown before it is killed and the run marked unclean.
  // 2 s failed a CI rehearsal at a load of 11: both Python adapters were still finalising the
  // interpreter (and joining workers) when killed. A hang is still caught, only later.
  shutdownGraceMs: 10_000,
  maxLineBytes: 64 * 1024 * 1024,
  maxAdapterBytes: 256 * 1024 * 1024,
  batches: true,
};
