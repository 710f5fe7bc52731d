/**
 * A folder-based lock so two runs never build the same environment at once. The lock folder
 * appears whole, with its owner record inside (pid, the process's start time, the host), by
 * renaming a finished temp folder into place: there is no moment when it exists without an owner.
 * A lock is taken over when its owner is provably gone (a dead pid, a pid reused by a process that
 * started later, a process that is not a kit run, no owner record at all); a wait for a live owner
 * is bounded and says whom it waits for. A lock this process holds is removed on any exit, a
 * signal during set-up included.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { processAlive } from "../util/process-alive.ts";
import { BootstrapError } from "./stream-command.ts";

/** How long a run waits for another one's build before giving up (a cold cargo build takes about 12 minutes on 2 cores). */
export const LOCK_WAIT_MS = 30 * 60_000;
/** An owner record left without its start time (an older kit) or a folder still without one is given this long. */
const UNOWNED_GRACE_MS = 10_000;

interface Owner {
  readonly pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), null where unknown. */
  readonly start: string | null;
  /** The host and boot: a pid means nothing on another machine or after a reboot. */
  readonly host: string;
}

const held = new Set<string>();
let hooked = false;

/** Removes every lock still held: `exit` runs on process.exit, which is how a signal ends a run. */
function releaseOnExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", () => {
    for (const lock of held) rmSync(lock, { recursive: true, force: true });
  });
}

/** A process's start time (Linux), or null. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

export function currentOwner(): Owner {
  return { pid: process.pid, start: processStart(process.pid), host: `${hostname()}/${bootId()}` };
}

function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return null;
  }
}

function readOwner(lock: string): Partial<Owner> | undefined {
  for (const file of ["owner.json", "pid"]) {
    try {
      const text = readFileSync(join(lock, file), "utf8");
      return file === "pid" ? { pid: Number(text) } : (JSON.parse(text) as Partial<Owner>);
    } catch {
      // the next form, or none
    }
  }
  return undefined;
}

/** Why the lock is stale (taken over), or undefined while its owner may still be building. */
export function staleBecause(lock: string, now = Date.now()): string | undefined {
  let created: number;
  try {
    created = statSync(lock).mtimeMs;
  } catch {
    return undefined; // gone already: the next mkdir decides
  }
  const owner = readOwner(lock);
  const pid = owner?.pid;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0)
    return now - created > UNOWNED_GRACE_MS ? "it names no owner process" : undefined;
  const here = currentOwner().host;
  if (owner?.host !== undefined && owner.host !== here) return undefined; // another machine's: only the wait's bound applies
  if (!processAlive(pid)) return `its owner, pid ${pid}, is gone`;
  const start = processStart(pid);
  if (owner?.start != null) return start !== null && start !== owner.start ? `pid ${pid} is now another process` : undefined;
  // An owner record without a start time: pid 1, or a pid reused since, is not a kit run.
  if (pid === 1 || pid === process.pid) return `pid ${pid} is not the run that made it`;
  const cmd = commandLine(pid);
  if (cmd !== null && !/node|smcp-conformance/.test(cmd)) return `pid ${pid} is not a kit run (${cmd.slice(0, 80)})`;
  return undefined;
}

/** Creates the lock whole, owner record inside; false when another holds it. */
function tryTake(lock: string): boolean {
  const temp = join(dirname(lock), `.${basename(lock)}.${process.pid}.${randomBytes(4).toString("hex")}`);
  mkdirSync(temp);
  writeFileSync(join(temp, "owner.json"), JSON.stringify(currentOwner()));
  try {
    renameSync(temp, lock);
    return true;
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOTEMPTY") return false;
    throw error;
  }
}

export interface LockOptions {
  /** Told once, when the wait begins: who holds the lock. */
  readonly onWait?: (holder: string) => void;
  readonly maxWaitMs?: number;
}

export async function withDirLock<T>(dir: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${dir}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  releaseOnExit();
  const began = Date.now();
  for (let waited = false; !tryTake(lock); ) {
    const stale = staleBecause(lock);
    if (stale !== undefined) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    const owner = readOwner(lock);
    const holder = `pid ${owner?.pid ?? "?"}${owner?.host ? ` on ${owner.host.split("/")[0]}` : ""} (${lock})`;
    if (Date.now() - began > (options.maxWaitMs ?? LOCK_WAIT_MS))
      throw new BootstrapError(
        `gave up after ${Math.round((Date.now() - began) / 1000)} s waiting for ${holder}; remove the lock if no run is building`,
      );
    if (!waited) options.onWait?.(holder);
    waited = true;
    await sleep(500);
  }
  held.add(lock);
  try {
    return await work();
  } finally {
    held.delete(lock);
    rmSync(lock, { recursive: true, force: true });
  }
}
