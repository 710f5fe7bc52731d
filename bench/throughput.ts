/**
 * Harness throughput: cases per second through the Implementation interface, pipelined as a run
 * does, per implementation, operation and driver window. Judging answers and writing the report
 * are excluded: this is the cost of getting the answers.
 */
import { DEFAULT_DRIVER_OPTIONS } from "../harness/driver/subprocess-implementation.ts";
import type { Implementation } from "../harness/model/implementation.ts";
import { corpusInputs, type Inputs } from "./corpus-inputs.ts";
import { type CpuShare, withCpuShare } from "./cpu-share.ts";
import { callsPerSecond, noOutcomes, type Outcomes } from "./drive-calls.ts";
import { measured, OPS, withStarted } from "./implementations.ts";
import type { BenchOptions } from "./options.ts";
import { repeat, type Spread, spread } from "./stats.ts";

export const DEFAULT_WINDOW = DEFAULT_DRIVER_OPTIONS.window;
export const WINDOWS = [...new Set([64, 256, 1024, DEFAULT_WINDOW])].sort((a, b) => a - b);

export interface ThroughputRow {
  readonly implementation: string;
  readonly op: string;
  /** null in-process: there is no window. */
  readonly window: number | null;
  /** Measured with batches off: one call per line, as adapter protocol 1 frames them (the default window only). */
  readonly one_per_line?: true;
  readonly calls_per_rep: number;
  readonly cases_per_s: Spread;
  readonly outcomes: Outcomes;
  /** Over all the repetitions: how busy the harness and the adapter process were. */
  readonly cpu: CpuShare;
}

export interface ThroughputResult {
  readonly default_window: number;
  readonly rows: ThroughputRow[];
}

const WARM_UP_MS = 300;
const MIN_CALLS = 2_000;

/** Warms up (JIT, adapter caches) for a moment and sizes a repetition to last about `seconds`. */
export async function warmUp(impl: Implementation, op: string, inputs: Inputs, seconds: number): Promise<number> {
  const started = performance.now();
  let rate = 0;
  do rate = await callsPerSecond(impl, op, inputs, MIN_CALLS);
  while (performance.now() - started < WARM_UP_MS);
  return Math.max(MIN_CALLS, Math.ceil((rate * seconds) / 1_000) * 1_000);
}

async function measureOne(
  impl: Implementation,
  op: string,
  window: number | null,
  options: BenchOptions,
  onePerLine = false,
): Promise<ThroughputRow> {
  const inputs = corpusInputs(op);
  const calls = await warmUp(impl, op, inputs, options.repSeconds);
  const outcomes = noOutcomes();
  const { result: rates, cpu } = await withCpuShare(() => repeat(options.reps, () => callsPerSecond(impl, op, inputs, calls, outcomes)));
  return {
    implementation: impl.name,
    op,
    window,
    ...(onePerLine ? { one_per_line: true as const } : {}),
    calls_per_rep: calls,
    cases_per_s: spread(rates),
    outcomes,
    cpu,
  };
}

export async function measureThroughput(options: BenchOptions, log: (line: string) => void): Promise<ThroughputResult> {
  const rows: ThroughputRow[] = [];
  for (const name of measured()) {
    // Every window with batches, and the default window without: what adapter protocol 2 buys over one call per line.
    const setups: Array<{ window: number | null; onePerLine: boolean }> =
      name === "reference"
        ? [{ window: null, onePerLine: false }]
        : [...WINDOWS.map((window) => ({ window, onePerLine: false })), { window: DEFAULT_WINDOW, onePerLine: true }];
    for (const { window, onePerLine } of setups) {
      const driver = window === null ? {} : { window, ...(onePerLine ? { batches: false } : {}) };
      await withStarted(name, driver, async (impl) => {
        for (const op of OPS) {
          const row = await measureOne(impl, op, window, options, onePerLine);
          log(
            `throughput ${name} ${op} window ${window ?? "-"}${onePerLine ? ", one call per line" : ""}: ${Math.round(row.cases_per_s.median)} cases/s`,
          );
          rows.push(row);
        }
      });
    }
  }
  return { default_window: DEFAULT_WINDOW, rows };
}

/** The rate a run gets (the default window, or in-process) and the best window's. */
export function harnessRates(
  result: ThroughputResult,
  implementation: string,
  op: string,
): { atDefault?: ThroughputRow; best?: ThroughputRow } {
  const rows = result.rows.filter((r) => r.implementation === implementation && r.op === op && !r.one_per_line);
  const atDefault = rows.find((r) => r.window === null || r.window === result.default_window);
  const best = rows.reduce<ThroughputRow | undefined>((a, r) => (!a || r.cases_per_s.median > a.cases_per_s.median ? r : a), undefined);
  return { ...(atDefault ? { atDefault } : {}), ...(best ? { best } : {}) };
}
