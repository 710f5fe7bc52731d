/**
 * A folder-based lock so two runs never build the same environment at once. The lock folder
 * appears whole, with its owner record inside (pid, the process's start time, the host name and
 * boot id), by renaming a finished temp folder into place: there is no moment when it exists
 * without an owner. A lock is taken over when its owner is provably gone (a dead pid, a pid reused
 * by a process that started later, a process that is not a kit run, a boot before this one, no
 * owner record at all); a wait for a live owner is bounded and says whom it waits for. A lock from
 * another host (a shared cache folder) cannot be checked from here: its holder refreshes it while
 * it builds, and the wait ends, saying so, once it stops being refreshed. A lock this process holds
 * is removed on any exit, a signal during set-up included.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { processAlive } from "../util/process-alive.ts";
import { BootstrapError } from "./stream-command.ts";

/** How long a run waits for another one's build before giving up (a cold cargo build takes about 12 minutes on 2 cores). */
export const LOCK_WAIT_MS = 30 * 60_000;
/** An owner record left without its start time (an older kit) or a folder still without one is given this long. */
const UNOWNED_GRACE_MS = 10_000;
/** How often a holder refreshes its owner record, so a run on another host can tell it is still building. */
const HEARTBEAT_MS = 10_000;
/** A lock from another host not refreshed for this long (by this process's clock: hosts' clocks differ) is not waited on further. */
const FOREIGN_SILENCE_MS = 60_000;

interface Owner {
  readonly pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), null where unknown. */
  readonly start: string | null;
  /** The host name: a pid means nothing on another machine. An older kit wrote `<host>/<boot id>` here. */
  readonly host: string;
  /** /proc/sys/kernel/random/boot_id, "" where unknown: a pid means nothing after a reboot. */
  readonly boot?: string;
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
  return { pid: process.pid, start: processStart(process.pid), host: hostname(), boot: bootId() };
}

/** Where an owner record was made: its host and boot, from either record form. */
function placeOf(owner: Partial<Owner> | undefined): { host?: string; boot: string } {
  if (typeof owner?.host !== "string") return { boot: "" };
  const slash = owner.host.indexOf("/");
  if (owner.boot === undefined && slash >= 0) return { host: owner.host.slice(0, slash), boot: owner.host.slice(slash + 1) };
  return { host: owner.host, boot: typeof owner.boot === "string" ? owner.boot : "" };
}

/** The other host a lock was made on, or undefined when it was made here (or says nothing). */
function foreignHost(owner: Partial<Owner> | undefined): string | undefined {
  const { host } = placeOf(owner);
  return host !== undefined && host !== hostname() ? host : undefined;
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
  if (foreignHost(owner) !== undefined) return undefined; // another machine's: its refreshes bound the wait
  const made = placeOf(owner).boot;
  const booted = bootId();
  if (made !== "" && booted !== "" && made !== booted) return `it was made before this machine restarted (boot ${made}, now ${booted})`;
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
  /** FOREIGN_SILENCE_MS and HEARTBEAT_MS unless given (tests shorten them). */
  readonly foreignSilenceMs?: number;
  readonly heartbeatMs?: number;
}

/** Watches a lock from another host: when its owner record last changed, by this process's clock. */
class Refreshes {
  private mtime = -1;
  private seen = Date.now();
  /** How long the record has gone unchanged. */
  silence(lock: string): number {
    let mtime = -1;
    try {
      mtime = statSync(join(lock, "owner.json")).mtimeMs;
    } catch {
      // no record (yet): counts as unchanged
    }
    if (mtime !== this.mtime) [this.mtime, this.seen] = [mtime, Date.now()];
    return Date.now() - this.seen;
  }
}

/** Keeps the owner record's mtime moving while the lock is held; returns the stop. */
function heartbeat(lock: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(join(lock, "owner.json"), now, now);
    } catch {
      // the lock was removed under us: nothing to refresh
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function withDirLock<T>(dir: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${dir}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  releaseOnExit();
  const began = Date.now();
  const refreshes = new Refreshes();
  for (let waited = false; !tryTake(lock); ) {
    const stale = staleBecause(lock);
    if (stale !== undefined) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    const owner = readOwner(lock);
    const foreign = foreignHost(owner);
    const holder =
      foreign === undefined
        ? `pid ${owner?.pid ?? "?"}${owner?.host ? ` on ${placeOf(owner).host}` : ""} (${lock})`
        : `pid ${owner?.pid ?? "?"} on another host, ${foreign}, which cannot be checked from here (${lock})`;
    const waitedS = () => Math.round((Date.now() - began) / 1000);
    if (Date.now() - began > (options.maxWaitMs ?? LOCK_WAIT_MS))
      throw new BootstrapError(`gave up after ${waitedS()} s waiting for ${holder}; remove the lock if no run is building`);
    const silence = options.foreignSilenceMs ?? FOREIGN_SILENCE_MS;
    if (foreign !== undefined && refreshes.silence(lock) > silence)
      throw new BootstrapError(
        `gave up after ${waitedS()} s waiting for ${holder}: not refreshed for ${Math.round(silence / 1000)} s (a building run refreshes it every ${HEARTBEAT_MS / 1000} s); remove the lock if no run on ${foreign} is building`,
      );
    if (!waited) options.onWait?.(holder);
    waited = true;
    await sleep(500);
  }
  held.add(lock);
  const stop = heartbeat(lock, options.heartbeatMs ?? HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    stop();
    held.delete(lock);
    rmSync(lock, { recursive: true, force: true });
  }
}
