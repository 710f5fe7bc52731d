/**
 * How an adapter is doing across its processes: why it was given up (set-up failed, interrupted,
 * over its byte budget, too many restarts in a row without an answer), how it failed to stop
 * cleanly, and its restarts. Its stats (`ImplementationStats`) are read from here.
 */

import type { ImplementationStats } from "../model/implementation.ts";

export class AdapterHealth {
  /** Why no more calls go to the adapter; undefined while it is usable. */
  brokenReason: string | undefined;
  private restarts = 0;
  private restartsWithoutAnswer = 0;
  /** How the adapter failed to stop cleanly (killed past its shutdown grace, processes left running): `broken` in its stats. */
  private readonly unclean: string[] = [];

  /** An answer arrived: the restarts in a row start again from 0. */
  answered(): void {
    this.restartsWithoutAnswer = 0;
  }

  /** Counts a restart; false (and the adapter given up, naming `reason`) past `maxRestarts` in a row without an answer. */
  restart(maxRestarts: number, reason: string): boolean {
    this.restarts++;
    this.restartsWithoutAnswer++;
    if (this.restartsWithoutAnswer <= maxRestarts) return true;
    this.brokenReason = `gave up after ${maxRestarts} restarts in a row without an answer; last: ${reason}`;
    return false;
  }

  /** One way it did not stop cleanly. */
  noteUnclean(what: string): void {
    this.unclean.push(what);
  }

  /** Why the adapter is broken: given up on, interrupted, or (not a reason to stop calling it) it did not stop cleanly. */
  broken(): string | undefined {
    const unclean = this.unclean.length > 0 ? `did not stop cleanly: ${this.unclean.join("; ")}` : undefined;
    return [this.brokenReason, unclean].filter((x) => x !== undefined).join("; ") || undefined;
  }

  stats(stderrTail: string): ImplementationStats {
    const broken = this.broken();
    return { restarts: this.restarts, stderr_tail: stderrTail, ...(broken ? { broken } : {}) };
  }
}
