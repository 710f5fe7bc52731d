/**
 * Reading pip's and cargo's output lines into a step and a count, so set-up can show one progress
 * line per SDK instead of the tools' raw output (which goes to a log file). Unknown lines leave the
 * status as it was: a tool that prints something new never breaks the progress, it just counts less.
 */

/** What a set-up is doing now: a step, a count of a unit (of `total` when known), the item last begun. */
export interface SetupStatus {
  readonly step: string;
  readonly done?: number;
  /** An upper bound rather than an exact total (cargo: Cargo.lock lists packages of every platform). */
  readonly total?: number;
  readonly totalIsBound?: boolean;
  readonly unit?: string;
  readonly current?: string;
}

/** Reads a tool's output one line at a time. */
export interface ToolProgress {
  /** Takes one output line; true when the status changed. */
  read(line: string): boolean;
  readonly status: SetupStatus;
}

/** Requirements in a pip lock file: one `name==version` line each (hashes sit on continuation lines). */
export function countLockedRequirements(lock: string): number {
  return lock.match(/^[A-Za-z0-9][A-Za-z0-9._-]*(\[[^\]]*\])?==/gm)?.length ?? 0;
}

/** Packages in a Cargo.lock (this crate included): one `[[package]]` table each. */
export function countCargoLockPackages(lock: string): number {
  return lock.match(/^\[\[package\]\]\s*$/gm)?.length ?? 0;
}

/** `pip install --no-deps -r <lock>`: each requirement is collected (found, downloaded or cached), then all are installed. */
export class PipProgress implements ToolProgress {
  private collected = new Set<string>();
  private built = 0;
  status: SetupStatus;

  constructor(private readonly total: number) {
    this.status = { step: "collecting", done: 0, total, unit: "packages" };
  }

  read(line: string): boolean {
    const collecting = /^Collecting (\S+?)(?:==|\s|$)/.exec(line);
    if (collecting) {
      this.collected.add(collecting[1]!.toLowerCase());
      return this.set({ step: "collecting", done: this.collected.size, total: this.total, unit: "packages", current: collecting[1]! });
    }
    const building = /^\s*Building wheel for (\S+)/.exec(line);
    if (building) return this.set({ step: "building wheels", done: ++this.built, unit: "wheels", current: building[1]! });
    if (/^Installing collected packages:/.test(line)) return this.set({ step: "installing", total: this.total, unit: "packages" });
    if (/^Successfully installed /.test(line))
      return this.set({ step: "installed", done: this.total, total: this.total, unit: "packages" });
    return false;
  }

  private set(status: SetupStatus): boolean {
    this.status = status;
    return true;
  }
}

/**
 * `cargo build`: crates are downloaded, then compiled; cargo prints one `Compiling <name> <version>`
 * line per package it starts (the total, from Cargo.lock, is a bound: it lists every platform's packages).
 */
export class CargoProgress implements ToolProgress {
  private downloaded = 0;
  private compiled = new Set<string>();
  status: SetupStatus = { step: "resolving" };

  constructor(private readonly lockPackages: number) {}

  read(line: string): boolean {
    const compiling = /^\s*Compiling (\S+) (v\S+)/.exec(line);
    if (compiling) {
      this.compiled.add(`${compiling[1]} ${compiling[2]}`);
      return this.set({
        step: "compiling",
        done: this.compiled.size,
        total: Math.max(this.lockPackages, this.compiled.size),
        totalIsBound: true,
        unit: "crates",
        current: compiling[1]!,
      });
    }
    if (/^\s*Downloaded \S+ v\S+/.test(line)) return this.set({ step: "downloading", done: ++this.downloaded, unit: "crates" });
    if (/^\s*Downloading crates/.test(line)) return this.set({ step: "downloading", done: this.downloaded, unit: "crates" });
    if (/^\s*Finished /.test(line)) return this.set({ step: "finished", done: this.compiled.size, unit: "crates" });
    return false;
  }

  /** Packages compiled so far. */
  get compiledCount(): number {
    return this.compiled.size;
  }

  private set(status: SetupStatus): boolean {
    this.status = status;
    return true;
  }
}

/** `1.2 s`, `42 s`, `3 m 05 s`. */
export function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, "0")} s`;
}

/** One progress line: `[rust 0.4.1] compiling 123/≤442 crates (openssl-sys) · 4 m 10 s`. */
export function formatStatus(label: string, status: SetupStatus, elapsedMs: number): string {
  const { step, done, total, totalIsBound, unit, current } = status;
  const count =
    done !== undefined && total !== undefined
      ? ` ${done}/${totalIsBound ? "≤" : ""}${total}`
      : done !== undefined
        ? ` ${done}`
        : total !== undefined
          ? ` ${total}`
          : "";
  const what = count === "" || unit === undefined ? count : `${count} ${unit}`;
  return `[${label}] ${step}${what}${current ? ` (${current})` : ""} · ${formatElapsed(elapsedMs)}`;
}
