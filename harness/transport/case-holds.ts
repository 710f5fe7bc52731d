/**
 * What a case keeps open: its delay timers and every response not yet closed (held on purpose,
 * streaming, or in flight). Closing the case cancels the timers and ends those responses, so a
 * case leaves no timer and no socket behind.
 */
import type { ServerResponse } from "node:http";

const CLOSE_WAIT_MS = 2000;

export class CaseHolds {
  private readonly timers = new Map<NodeJS.Timeout, (elapsed: boolean) => void>();
  private readonly open = new Map<ServerResponse, Promise<void>>();
  private cancelled = false;

  /** Follows `res` until it closes. */
  track(res: ServerResponse): void {
    const closed = new Promise<void>((resolve) =>
      res.once("close", () => {
        this.open.delete(res);
        resolve();
      }),
    );
    this.open.set(res, closed);
  }

  /** Waits `ms`; resolves false instead when the case is closed first (the caller then stops). */
  delay(ms: number): Promise<boolean> {
    if (this.cancelled) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(true);
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  /** Cancels every pending delay. */
  cancelDelays(): void {
    this.cancelled = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve(false);
    }
    this.timers.clear();
  }

  /** Destroys every response still open and waits (boundedly) until each has closed. */
  async endOpen(): Promise<void> {
    const closing = [...this.open.entries()].map(([res, closed]) => {
      res.destroy();
      return closed;
    });
    if (closing.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.all(closing), bound]);
    clearTimeout(timer);
  }
}
