/**
 * The driver's one deadline timer: armed for the earliest deadline of the calls in flight, instead
 * of a timer per call (arming and clearing a timer per case was a measurable share of the driver's
 * CPU). A call times out on its own deadline, whatever else is in flight.
 */
import { MAX_TIMER_MS } from "./driver-options.ts";
import type { Pending } from "./pending-calls.ts";

export class DeadlineSweep {
  private timer: NodeJS.Timeout | undefined;
  private at = Infinity;

  /** `inFlight` lists the calls in flight when the timer fires; `onTimeout` gets the one whose deadline passed first. */
  constructor(
    private readonly inFlight: () => Iterable<Pending>,
    private readonly onTimeout: (p: Pending) => void,
  ) {}

  /** A call just went out: the timer moves up when its deadline comes first. */
  sent(p: Pending, now: number): void {
    if (p.deadline < this.at) this.arm(p.deadline, now);
  }

  /** Nothing left to time out: no timer may outlive the calls (it would hold the process open). */
  disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.at = Infinity;
  }

  private arm(deadline: number, now: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.at = deadline;
    this.timer = setTimeout(() => this.sweep(), Math.min(MAX_TIMER_MS, Math.max(0, deadline - now)));
  }

  /** Times out the call whose deadline passed first, if any; otherwise waits for the next deadline. */
  private sweep(): void {
    this.timer = undefined;
    this.at = Infinity;
    let first: Pending | undefined;
    for (const p of this.inFlight()) if (first === undefined || p.deadline < first.deadline) first = p;
    if (first === undefined) return;
    const now = performance.now();
    // A timer may fire a little early (its clock rounds to whole ms): only a passed deadline times out.
    if (first.deadline <= now) this.onTimeout(first);
    else this.arm(first.deadline, now);
  }
}
