/**
 * Racing many promises against a stop that may never come. `Promise.race([value, never])` leaks:
 * each race leaves a reaction on the long-lived promise, and that reaction keeps the race's result
 * (a case's whole answer) alive until the long-lived promise settles, so a 100k-case run kept every
 * answer. Here a race waits in a set it leaves as soon as its value settles.
 */
export class Stop {
  private stopped = false;
  private readonly waiting = new Set<() => void>();

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Races still waiting (a race whose value settled holds nothing here). */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Every race still waiting, and every later one, resolves null. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /** `value`, or null when the stop comes first (or came already); a rejection after the stop is dropped. */
  race<T>(value: Promise<T> | T): Promise<T | null> {
    if (this.stopped) {
      Promise.resolve(value).catch(() => undefined);
      return Promise.resolve(null);
    }
    return new Promise<T | null>((resolve, reject) => {
      const wake = () => resolve(null);
      this.waiting.add(wake);
      Promise.resolve(value).then(
        (v) => {
          this.waiting.delete(wake);
          resolve(this.stopped ? null : v);
        },
        (error) => {
          this.waiting.delete(wake);
          if (this.stopped) resolve(null);
          else reject(error);
        },
      );
    });
  }
}
