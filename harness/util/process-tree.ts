/**
 * The processes a process started, and theirs (Linux, read from /proc; elsewhere none are found).
 * The harness kills its whole tree when it ends, so work nobody waits for any more (a set-up
 * command an interrupt abandoned, a server that would not close) never outlives the run. Adapters
 * have process groups of their own (driver/process-groups.ts); this catches everything else.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Every live descendant of `root`, parents before children; [] where /proc cannot be read. */
export function descendantsOf(root: number = process.pid): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent === undefined) continue;
    const list = children.get(parent);
    if (list) list.push(Number(entry));
    else children.set(parent, [Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0; ) {
    const next: number[] = [];
    for (const pid of queue) for (const child of children.get(pid) ?? []) next.push(child);
    found.push(...next);
    queue = next;
  }
  return found;
}

/** The parent pid from /proc/<pid>/stat (the field after the command name, which may hold spaces and parentheses). */
function parentOf(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[1]);
  } catch {
    return undefined; // gone already
  }
}

/** SIGKILLs every descendant (synchronous: safe in an `exit` handler). The tree is read whole first: a killed parent's children would be re-parented out of it. */
export function killDescendants(root: number = process.pid): void {
  for (const pid of descendantsOf(root)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
}
