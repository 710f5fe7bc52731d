/**
 * Every process's /proc/<pid>/stat fields, from field 3 (state) on: one reader for the live slots
 * (who else wants the CPU) and the benchmark's CPU shares (what the adapters used). Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcStat {
  readonly pid: number;
  /** Fields 3 on: [0] state, [1] ppid, [11] utime, [12] stime (in USER_HZ ticks). */
  readonly fields: readonly string[];
}

/** The processes /proc shows now; null where there is no /proc to read. */
export function procStats(): ProcStat[] | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const out: ProcStat[] = [];
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // it ended meanwhile
    }
    // "pid (comm) state ppid …": the command name may hold spaces and parentheses, so read after the last ')'.
    out.push({ pid: Number(pid), fields: stat.slice(stat.lastIndexOf(")") + 2).split(" ") });
  }
  return out;
}
