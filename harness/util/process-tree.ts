/**
 * The processes a process started, and theirs (Linux, read from /proc; elsewhere none are found).
 * The harness kills its whole tree when it ends, so work nobody waits for any more (a set-up
 * command an interrupt abandoned, a server that would not close) never outlives the run. Adapters
 * have process groups of their own (util/process-groups.ts); this catches everything else, and
 * finds what an adapter owns even after a daemon left its group and tree (processesOwnedBy).
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
    const parent = statOf(entry)?.parent;
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

interface Stat {
  readonly state: string;
  readonly parent: number;
  readonly group: number;
  readonly session: number;
}

/** State, parent, group and session from /proc/<pid>/stat (the fields after the command name, which may hold spaces and parentheses). */
function statOf(pid: string): Stat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, parent, group, session] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state!, parent: Number(parent), group: Number(group), session: Number(session) };
  } catch {
    return undefined; // gone already
  }
}

export interface OwnedProcess {
  readonly pid: number;
  readonly group: number;
  /** Its command line, cut to 200 characters. */
  readonly command: string;
}

/**
 * Live processes (this one aside) that belong to an adapter: in its session or its group, or with
 * its `marker` (`NAME=value`) in their environment, which a daemon keeps through setsid and a
 * double fork that take it out of the adapter's group and tree. [] where /proc cannot be read.
 */
export function processesOwnedBy(owner: { readonly session: number; readonly marker: string }): OwnedProcess[] {
  const marker = Buffer.from(`${owner.marker}\0`);
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const found: OwnedProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const stat = statOf(entry);
    if (stat === undefined || stat.state === "Z") continue; // a zombie holds nothing: only its parent's wait is missing
    if (stat.session === owner.session || stat.group === owner.session || environHas(entry, marker))
      found.push({ pid: Number(entry), group: stat.group, command: commandOf(entry) });
  }
  return found;
}

function environHas(pid: string, text: Buffer): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(text);
  } catch {
    return false; // gone, or another user's
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim().slice(0, 200);
  } catch {
    return "";
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
