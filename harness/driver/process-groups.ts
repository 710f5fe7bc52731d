/**
 * Every adapter runs in its own process group; this is the list of groups still alive. A group is
 * killed whole (a shell wrapper's `sleep` holding the adapter's stdout dies with it) when its
 * adapter exits, when the run is interrupted, and, through the `exit` hook, whenever the harness
 * itself ends: a signal, an internal crash, a second Ctrl-C. Nothing an adapter started outlives
 * the run, even if it ignores SIGTERM.
 */

const live = new Set<number>();
let hooked = false;

/** Sends `signal` to the whole group; a group already gone is fine. */
export function killGroup(pgid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in the group
  }
}

export function trackGroup(pgid: number): void {
  live.add(pgid);
  if (!hooked) {
    hooked = true;
    process.on("exit", killAllGroups);
  }
}

export function forgetGroup(pgid: number): void {
  live.delete(pgid);
}

/** Kills every adapter group still alive (synchronous: safe in an `exit` handler). */
export function killAllGroups(): void {
  for (const pgid of live) killGroup(pgid);
  live.clear();
}

/** How many adapter groups are alive (for tests and diagnostics). */
export function liveGroups(): number {
  return live.size;
}
