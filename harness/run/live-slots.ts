/**
 * How many live cases of one implementation run at once, from how busy the machine is when the
 * run starts. A live case's verdict must not change with the machine's load: on a runner whose
 * cores other processes already keep busy, fewer scenes share what is left, so each SDK gets the
 * time its boxes assume. Measured: on 2 cores, quiet, 8 wire and 8 transport slots gave the
 * shortest warm main job (wire-cases.ts); with two CPU-bound processes beside it, 8 slots let
 * Rust's first MCP request come 4.6 s into a 5 s box.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";

export interface LiveSlots {
  /** Wire cases (a whole SDK Computer, Server or Agent each) of one implementation in flight at once. */
  readonly wire: number;
  /** Transport cases of one implementation in flight at once (when its handshake declares them concurrent). */
  readonly transport: number;
  readonly cores: number;
  /** The share of the cores other processes kept busy while the run measured it (0..1), and how it was measured. */
  readonly busy: number;
  readonly measured_by: "proc-stat" | "loadavg";
}

/** The most slots: what a quiet machine runs best with. */
export const MAX_LIVE_SLOTS = 8;
/** The fewest: a fully busy machine still runs a few scenes side by side (most of a scene is waiting). */
export const MIN_LIVE_SLOTS = 3;
/** How long the run samples the machine's CPU before it starts its adapters. */
const SAMPLE_MS = 300;

/** Slots for a busy share: MAX on an idle machine, MIN once other processes keep every core busy. */
export function slotsFor(busy: number): number {
  const free = 1 - Math.min(1, Math.max(0, busy));
  return Math.round(MIN_LIVE_SLOTS + (MAX_LIVE_SLOTS - MIN_LIVE_SLOTS) * free);
}

/** SMCP_CONFORMANCE_LIVE_SLOTS=N fixes both counts (a benchmark, a debugging session); otherwise they follow the machine. */
export async function measureLiveSlots(env: NodeJS.ProcessEnv = process.env): Promise<LiveSlots> {
  const cores = availableParallelism();
  const fixed = Number(env.SMCP_CONFORMANCE_LIVE_SLOTS);
  const sample = await othersBusy(cores);
  const slots = Number.isInteger(fixed) && fixed > 0 ? fixed : slotsFor(sample.busy);
  return { wire: slots, transport: slots, cores, busy: Math.round(sample.busy * 100) / 100, measured_by: sample.by };
}

/**
 * The share of all cores busy with other processes' work over SAMPLE_MS: /proc/stat's busy time
 * less this process's own CPU time. Elsewhere the one-minute load average per core.
 */
async function othersBusy(cores: number): Promise<{ busy: number; by: LiveSlots["measured_by"] }> {
  const before = procStat();
  if (before === undefined) return { busy: Math.min(1, loadavg()[0]! / cores), by: "loadavg" };
  const own = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  const after = procStat();
  const ownUs = process.cpuUsage(own);
  if (after === undefined || after.total <= before.total) return { busy: Math.min(1, loadavg()[0]! / cores), by: "loadavg" };
  const ticks = after.total - before.total;
  const busyTicks = after.busy - before.busy;
  // /proc/stat counts in USER_HZ (100 per second on Linux) across all cores.
  const ownTicks = ((ownUs.user + ownUs.system) / 1e6) * 100;
  return { busy: Math.min(1, Math.max(0, (busyTicks - ownTicks) / ticks)), by: "proc-stat" };
}

function procStat(): { busy: number; total: number } | undefined {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
    const fields = cpu.trim().split(/\s+/).slice(1).map(Number);
    if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) return undefined;
    const idle = fields[3]! + (fields[4] ?? 0); // idle + iowait
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0); // guest time is already in user
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}
