/**
 * The hello a freshly started adapter process owes: the one start waiting for it, with its timer.
 * Whoever takes the waiter settles it (the hello line, the process's end, an interrupt).
 */
import type { Handshake } from "../model/implementation.ts";
import { MAX_TIMER_MS } from "./driver-options.ts";

export interface HelloWaiter {
  readonly resolve: (h: Handshake) => void;
  readonly reject: (e: Error) => void;
}

export class HelloWait {
  private waiter: (HelloWaiter & { readonly timer: NodeJS.Timeout }) | undefined;

  /**
   * Waits for the hello, after `send` has asked for it. Past `timeoutMs` the wait is dropped,
   * `onTimeout` runs (it kills the process) and the promise rejects.
   */
  wait(timeoutMs: number, onTimeout: () => void, send: () => void): Promise<Handshake> {
    return new Promise<Handshake>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.waiter = undefined;
          onTimeout();
          reject(new Error(`no hello within ${timeoutMs} ms`));
        },
        Math.min(MAX_TIMER_MS, timeoutMs),
      );
      this.waiter = { resolve, reject, timer };
      send();
    });
  }

  /** The waiter, if a start waits, with its timer stopped: the caller settles it. */
  take(): HelloWaiter | undefined {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) clearTimeout(waiter.timer);
    return waiter;
  }
}
