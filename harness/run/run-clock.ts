/**
 * The run's own clock: when each implementation was ready (its start-up: set-up, spawn, hello) and
 * when each case started and ended, from the run's start. From it the report's `timing` names the
 * case the run could not end before (the last to end) and the slowest case with its
 * implementation's start-up: a run bounded by its slowest case takes little more than the two.
 */
import type { RunTiming, TimedCase } from "../model/report.ts";

export class RunClock {
  private readonly t0 = performance.now();
  private readonly startup: Record<string, number> = {};
  private last: TimedCase | undefined;
  private slowest: TimedCase | undefined;

  /** Milliseconds since the run started. */
  now(): number {
    return performance.now() - this.t0;
  }

  /** Implementation `name` answered its hello (or gave up starting). */
  ready(name: string): void {
    this.startup[name] = tenths(this.now());
  }

  /**
   * A case (first attempt or retry) that took `durationMs` has ended now. Its start is taken as its
   * end less its duration: a live case queued for a slot started when it got one, not when asked.
   */
  caseEnded(implementation: string, vector_id: string, durationMs: number, retry: boolean): void {
    const ended = this.now();
    const timed: TimedCase = {
      implementation,
      vector_id,
      started_ms: tenths(Math.max(0, ended - durationMs)),
      ended_ms: tenths(ended),
      duration_ms: tenths(durationMs),
      ...(retry ? { retry: true } : {}),
    };
    if (this.last === undefined || timed.ended_ms >= this.last.ended_ms) this.last = timed;
    if (this.slowest === undefined || timed.duration_ms > this.slowest.duration_ms) this.slowest = timed;
  }

  timing(): RunTiming {
    return {
      wall_ms: tenths(this.now()),
      startup_ms: { ...this.startup },
      ...(this.last ? { last_case: this.last } : {}),
      ...(this.slowest ? { slowest_case: this.slowest } : {}),
    };
  }
}

function tenths(ms: number): number {
  return Math.round(ms * 10) / 10;
}
