/**
 * Every adapter runs in its own process group; this is the list of groups still alive. A group is
 * killed whole (a shell wrapper's `sleep` holding the adapter's stdout dies with it) when its
 * adapter exits, when the run is interrupted, and, through the `exit` hook, whenever the harness
 * itself ends: a signal, an internal crash, a second Ctrl-C. Nothing an adapter started outlives
 * the run, even if it ignores SIGTERM, or daemonised out of the group (setsid, a double fork): each
 * adapter's environment carries a marker of its own, and whatever carries it is ended too.
 */
import { processesOwnedBy } from "../util/process-tree.ts";

/** The variable that marks an adapter's processes (its value is unique to one adapter process). */
export const ADAPTER_MARKER = "SMCP_CONFORMANCE_ADAPTER";

/** Group id → the adapter's marker (`NAME=value`). */
const live = new Map<number, string>();
let hooked = false;

/** Sends `signal` to the whole group; a group already gone is fine. */
export function killGroup(pgid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in the group
  }
}

export function trackGroup(pgid: number, marker: string): void {
  live.set(pgid, marker);
  if (!hooked) {
    hooked = true;
    process.on("exit", killAllGroups);
  }
}

export function forgetGroup(pgid: number): void {
  live.delete(pgid);
}

/**
 * Kills the group, then what the adapter left outside it (its session, its marker), and names
 * those: a group member is the adapter's own business, a process that left the group was kept
 * running on purpose (a daemonised Server) and is the adapter's fault. Synchronous.
 */
export function killOwned(pgid: number, marker: string): string[] {
  killGroup(pgid);
  const escaped = processesOwnedBy({ session: pgid, marker }).filter((p) => p.group !== pgid);
  for (const p of escaped) {
    try {
      process.kill(p.pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  return escaped.map((p) => `${p.pid} (${p.command})`);
}

/** Kills every adapter group still alive, and what escaped them (synchronous: safe in an `exit` handler). */
export function killAllGroups(): void {
  for (const [pgid, marker] of live) killOwned(pgid, marker);
  live.clear();
}

/** How many adapter groups are alive (for tests and diagnostics). */
export function liveGroups(): number {
  return live.size;
}
