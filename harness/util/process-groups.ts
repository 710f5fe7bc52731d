/**
 * Every adapter, and every SDK set-up command (a venv, pip, cargo), runs in its own process group;
 * this is the list of groups still alive. A group is killed whole (a shell wrapper's `sleep`
 * holding the adapter's stdout dies with it; a child pip forked a moment before the kill too) when
 * its process exits, when the run is interrupted, and, through the `exit` hook, whenever the
 * harness itself ends: a signal, an internal crash, a second Ctrl-C. Nothing they started outlives
 * the run, even if it ignores SIGTERM, or daemonised out of the group (setsid, a double fork): each
 * one's environment carries a marker of its own, and whatever carries it is ended too. Killing a
 * parent by pid is not enough: a child it forks while the tree is being read is re-parented away.
 */
import { processesOwnedBy } from "./process-tree.ts";

/** The variable that marks an adapter's processes (its value is unique to one adapter process). */
export const ADAPTER_MARKER = "SMCP_CONFORMANCE_ADAPTER";
/** The variable that marks a set-up command's processes (its value is unique to one command). */
export const SETUP_MARKER = "SMCP_CONFORMANCE_SETUP";

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

/** How long the way out waits for killed processes to be gone (a loaded machine takes a while to tear one down). */
const GONE_WITHIN_MS = 3_000;

/**
 * Kills every group still alive, and what escaped them, then waits (bounded) until none of it is
 * left: a SIGKILL is only pending until the kernel runs the process, and a run that exits before
 * then would leave it visible. Synchronous: safe in an `exit` handler.
 */
export function killAllGroups(): void {
  const owners = [...live].map(([pgid, marker]) => ({ session: pgid, marker }));
  for (const { session, marker } of owners) killOwned(session, marker);
  live.clear();
  const deadline = Date.now() + GONE_WITHIN_MS;
  for (;;) {
    const left = owners.flatMap((owner) => processesOwnedBy(owner));
    if (left.length === 0 || Date.now() >= deadline) return;
    for (const p of left) {
      try {
        process.kill(p.pid, "SIGKILL"); // forked since the first pass
      } catch {
        // gone already
      }
    }
    pauseSync(20);
  }
}

/** Blocks the thread for `ms` (only on the way out, where nothing else may run anyway). */
function pauseSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How many adapter groups are alive (for tests and diagnostics). */
export function liveGroups(): number {
  return live.size;
}
