/**
 * Who was busy during a measurement: the harness (this process) and the adapter (its child
 * processes, read from /proc), each as a share of one core. On two cores a side near 1.0 is the
 * bottleneck; both well below it means they wait for each other (ping-pong) instead of overlapping.
 */
import { procStats } from "../harness/util/proc-stats.ts";

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

export interface CpuShare {
  readonly harness: number;
  /** null where /proc is not there to read. */
  readonly adapter: number | null;
}

interface Snapshot {
  readonly wallMs: number;
  readonly harnessMs: number;
  readonly childrenMs: ReadonlyMap<number, number> | null;
}

/** CPU milliseconds of each live child of this process. */
function childrenCpuMs(): Map<number, number> | null {
  const stats = procStats();
  if (stats === null) return null;
  const children = new Map<number, number>();
  for (const { pid, fields } of stats)
    if (Number(fields[1]) === process.pid) children.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
  return children;
}

function snapshot(): Snapshot {
  const { user, system } = process.cpuUsage();
  return { wallMs: performance.now(), harnessMs: (user + system) / 1000, childrenMs: childrenCpuMs() };
}

function share(before: Snapshot, after: Snapshot): CpuShare {
  const wall = after.wallMs - before.wallMs;
  let adapterMs: number | null = null;
  if (before.childrenMs && after.childrenMs) {
    adapterMs = 0;
    for (const [pid, ms] of after.childrenMs) if (before.childrenMs.has(pid)) adapterMs += ms - before.childrenMs.get(pid)!;
  }
  return { harness: (after.harnessMs - before.harnessMs) / wall, adapter: adapterMs === null ? null : adapterMs / wall };
}

/** Runs `work` and says how busy each side was meanwhile. */
export async function withCpuShare<T>(work: () => Promise<T>): Promise<{ result: T; cpu: CpuShare }> {
  const before = snapshot();
  const result = await work();
  return { result, cpu: share(before, snapshot()) };
}
