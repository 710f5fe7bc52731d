/** A concurrency limiter: the tasks given to it run at most `limit` at once, the rest in turn as they finish. */

/** Runs at most `limit` tasks at once; a task waits, in order, for a running one to finish. */
export function atMost(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
