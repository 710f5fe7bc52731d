/**
 * The process around a command: errors nothing caught end it with exit 3 (through the running
 * command's emergency path, so a run still writes its report), and a command that can no longer
 * finish (nothing left to wait for, its promise never settled: an await on a promise nobody will
 * resolve) is an internal error too, never Node's silent exit 13. Once the command has its exit
 * code and its output is flushed, the process ends with it: work nobody waits for any more (an SDK
 * set-up an interrupt abandoned, a server that would not close) neither delays the exit nor
 * outlives it.
 */
import { killAllGroups } from "../util/process-groups.ts";
import { killDescendants } from "../util/process-tree.ts";
import { endNow, hookFatalErrors } from "./interrupts.ts";

export async function runToExit(command: () => Promise<number>): Promise<void> {
  hookFatalErrors();
  process.on("exit", () => {
    killAllGroups();
    killDescendants();
  });
  let settled = false;
  process.on("beforeExit", () => {
    if (!settled) endNow({ error: new Error("the command stalled: nothing was left to wait for, but it had not finished") });
  });
  const code = await command();
  settled = true;
  // What the command printed is still queued when stdout is a pipe a slow reader drains: wait for it.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

/** Resolves once everything written to `stream` so far has been handed to the OS. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write("", () => resolve());
  });
}
