/**
 * How many live cases of one implementation run at once, from how busy the machine is when the
 * run starts. A live case's verdict must not change with the machine's load: on a runner whose
 * cores other processes already keep busy, fewer scenes share what is left, so each SDK gets the
 * time its boxes assume. Measured: on 2 cores, quiet, 8 wire and 8 transport slots gave the
 * shortest warm main job (wire-cases.ts); with two CPU-bound processes beside it, 8 slots let
 * Rust's first MCP request come 4.6 s into a 5 s box.
 */
import { availableParallelism, loadavg } from "node:os";
import { procStats } from "../util/proc-stats.ts";

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
/**
 * The fewest: a fully busy machine still runs a few scenes side by side (most of a scene is waiting).
 * With two busy loops on 2 cores, 5 slots gave five main jobs with every status as on a quiet machine.
 */
export const MIN_LIVE_SLOTS = 4;
/** How long the run samples the machine's CPU before it starts its adapters. */
const SAMPLE_MS = 300;
const SAMPLE_EVERY_MS = 20;

/** Slots for a busy share: MAX on an idle machine, MIN once other processes keep every core busy. */
export function slotsFor(busy: number): number {
  const free = 1 - Math.min(1, Math.max(0, busy));
  return Math.round(MIN_LIVE_SLOTS + (MAX_LIVE_SLOTS - MIN_LIVE_SLOTS) * free);
}

/**
 * Wire slots when the Computer scenes mount their MCP servers over stdio: each scene then also starts
 * one node process per mounted server, so half as many (never fewer than MIN) share the machine.
 * Measured: CI's stdio stage at 8 slots saw 10 of 106 Rust first attempts time out before the join
 * (a retry alone passed each); on 2 cores here the stage took 85 s at 8 slots and 89 s at 4.
 */
export function stdioWireSlots(slots: number): number {
  return Math.max(MIN_LIVE_SLOTS, Math.ceil(slots / 2));
}

/** SMCP_CONFORMANCE_LIVE_SLOTS=N fixes both counts (a benchmark, a debugging session); otherwise they follow the machine. */
export async function measureLiveSlots(
  env: NodeJS.ProcessEnv = process.env,
  options: { readonly stdioMounts?: boolean } = {},
): Promise<LiveSlots> {
  const cores = availableParallelism();
  const fixed = Number(env.SMCP_CONFORMANCE_LIVE_SLOTS);
  const sample = await othersBusy(cores);
  const isFixed = Number.isInteger(fixed) && fixed > 0;
  const slots = isFixed ? fixed : slotsFor(sample.busy);
  const wire = options.stdioMounts && !isFixed ? stdioWireSlots(slots) : slots;
  return { wire, transport: slots, cores, busy: Math.round(sample.busy * 100) / 100, measured_by: sample.by };
}

/**
 * The share of the cores other processes want: the median, over SAMPLE_MS, of the processes the
 * kernel has running or runnable (state R in /proc/<pid>/stat), this process and its children left
 * out (tsx's compiler service, anything the run starts). A CPU time share understated it (two busy
 * loops on 2 cores read as 60 % busy while the run started); the kernel's own procs_running count
 * overstated it (the run's own start-up read as half the machine). Elsewhere the load average.
 */
async function othersBusy(cores: number): Promise<{ busy: number; by: LiveSlots["measured_by"] }> {
  const samples: number[] = [];
  for (let t = 0; t < SAMPLE_MS; t += SAMPLE_EVERY_MS) {
    const running = othersRunnable();
    if (running === undefined) return { busy: Math.min(1, loadavg()[0]! / cores), by: "loadavg" };
    samples.push(running);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  return { busy: Math.min(1, median / cores), by: "proc-stat" };
}

/** Processes in state R that are neither this one nor its descendants; undefined without /proc. */
function othersRunnable(): number | undefined {
  const stats = procStats();
  if (stats === null || stats.length === 0) return undefined;
  const parent = new Map(stats.map((p) => [p.pid, Number(p.fields[1])] as const));
  const running = stats.filter((p) => p.fields[0] === "R").map((p) => p.pid);
  const own = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = parent.get(p), hops++)
      if (p === process.pid) return true;
    return false;
  };
  return running.filter((pid) => !own(pid)).length;
}
