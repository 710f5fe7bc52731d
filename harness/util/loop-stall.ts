/**
 * How long this process's event loop has been held up past its own ticks: time in which nothing in
 * the process could act (its own synchronous work, or the machine not giving it a core). The kit's
 * scene servers and the in-process reference run on this loop, so a box that expired while the loop
 * stood still measured the machine, not the implementation (live/live-timeout.ts).
 *
 * A ticker every TICK_MS adds each tick's lateness beyond JITTER_MS to a running total; a reading
 * also counts the stretch since the last tick, so a stall that ends just before the reading is in it.
 */
import { performance } from "node:perf_hooks";

const TICK_MS = 25;
/** Lateness a tick may have on a quiet machine (timer granularity, a short GC) that is not a stall. */
const JITTER_MS = 10;

let stalled = 0;
let last = 0;
let ticker: NodeJS.Timeout | undefined;

function lateness(now: number): number {
  return Math.max(0, now - last - TICK_MS - JITTER_MS);
}

/** The running total of stalled milliseconds; starts the ticker on first use (unref'd: it never holds the process). */
export function loopStallMark(): number {
  const now = performance.now();
  if (ticker === undefined) {
    last = now;
    ticker = setInterval(() => {
      const at = performance.now();
      stalled += lateness(at);
      last = at;
    }, TICK_MS);
    ticker.unref();
  }
  return stalled + lateness(now);
}
