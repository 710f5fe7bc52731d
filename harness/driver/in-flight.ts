/**
 * The calls a subprocess driver has sent and not yet settled: those in flight by id (with the one
 * deadline timer over them), the suspects among the unsettled, and the last call sent (for fault
 * messages).
 */
import { DeadlineSweep } from "./deadline-sweep.ts";
import type { Pending } from "./pending-calls.ts";

export class InFlight {
  private readonly calls = new Map<number, Pending>();
  private readonly sweep: DeadlineSweep;
  /** Suspects queued or in flight: while any remain, calls go one at a time. */
  private suspectCount = 0;
  private lastSent: Pending | undefined;

  /** `onTimeout` gets a call in flight whose deadline passed. */
  constructor(onTimeout: (p: Pending) => void) {
    this.sweep = new DeadlineSweep(() => this.calls.values(), onTimeout);
  }

  get size(): number {
    return this.calls.size;
  }

  /** How many suspects wait to be re-sent alone or are in flight. */
  get suspects(): number {
    return this.suspectCount;
  }

  get(id: number): Pending | undefined {
    return this.calls.get(id);
  }

  values(): IterableIterator<Pending> {
    return this.calls.values();
  }

  /** Marks the call as in flight, sent at `now` in `batch` (0: alone); the caller writes its line. */
  send(p: Pending, now: number, batch: number): void {
    p.batch = batch;
    p.attempts++;
    p.sentAt = now;
    p.deadline = now + p.timeoutMs;
    this.calls.set(p.id, p);
    this.lastSent = p;
    this.sweep.sent(p, now);
  }

  /** Takes every call out of flight, in id order (the order they were made), and stops the timer. */
  takeAll(): Pending[] {
    const list = [...this.calls.values()].sort((a, b) => a.id - b.id);
    this.calls.clear();
    this.sweep.disarm();
    return list;
  }

  /** A call settled (answered or given up): out of flight, and no longer a suspect. */
  settle(p: Pending): void {
    this.calls.delete(p.id);
    // Nothing left to time out: no timer may outlive the calls (it would hold the process open).
    if (this.calls.size === 0) this.sweep.disarm();
    if (p.suspect) {
      p.suspect = false;
      this.suspectCount--;
    }
  }

  /** Was in flight when the adapter died or a batch hung with others: re-sent alone to find the culprit. */
  markSuspect(p: Pending): void {
    if (!p.suspect) this.suspectCount++;
    p.suspect = true;
  }

  /** The last call sent, for a fault's message. */
  lastRequest(): string {
    return this.lastSent ? `call ${this.lastSent.id} (${this.lastSent.op})` : "none (during the handshake)";
  }
}
