/**
 * One process per case, the way some conformance suites drive SDKs: a fresh adapter for each case
 * (set-up check, spawn, hello, one call, shutdown), with the command the harness uses. The same
 * samples give the cold start: the time from nothing running to the first answer.
 */
import { corpusInputs } from "./corpus-inputs.ts";
import { createImplementation, OPS, processAdapters } from "./implementations.ts";
import type { BenchOptions } from "./options.ts";
import { type Spread, spread } from "./stats.ts";

export interface OneShotRow {
  readonly implementation: string;
  readonly op: string;
  readonly cases: number;
  /** start() resolved: set-up check (venv / build stamp), spawn, hello. */
  readonly hello_ms: Spread;
  /** start() then the first call answered. */
  readonly first_answer_ms: Spread;
  /** The whole life of the process, shutdown included. */
  readonly per_case_ms: Spread;
  /** 1000 / median per-case time. */
  readonly cases_per_s: number;
  /** Answers that were not ok/error results (a crash, a timeout): each one is suspect. */
  readonly faults: number;
}

interface Sample {
  readonly hello: number;
  readonly firstAnswer: number;
  readonly total: number;
  readonly fault: boolean;
}

async function oneShot(name: string, op: string, input: Record<string, unknown>): Promise<Sample> {
  const impl = createImplementation(name);
  const started = performance.now();
  try {
    await impl.start();
    const hello = performance.now() - started;
    const { result } = await impl.call(op, input);
    const firstAnswer = performance.now() - started;
    await impl.stop();
    return { hello, firstAnswer, total: performance.now() - started, fault: result.kind !== "ok" && result.kind !== "error" };
  } catch (error) {
    await impl.stop();
    throw error;
  }
}

export async function measureOneShots(options: BenchOptions, log: (line: string) => void): Promise<OneShotRow[]> {
  const op = OPS[0];
  const inputs = corpusInputs(op);
  const cases = options.quick ? 5 : 20;
  const rows: OneShotRow[] = [];
  for (const name of processAdapters()) {
    await oneShot(name, op, inputs[0]!); // untimed: makes sure the venv / binary is ready and the OS caches are warm
    const samples: Sample[] = [];
    for (let i = 0; i < cases; i++) samples.push(await oneShot(name, op, inputs[i % inputs.length]!));
    const perCase = spread(samples.map((s) => s.total));
    rows.push({
      implementation: name,
      op,
      cases,
      hello_ms: spread(samples.map((s) => s.hello)),
      first_answer_ms: spread(samples.map((s) => s.firstAnswer)),
      per_case_ms: perCase,
      cases_per_s: 1000 / perCase.median,
      faults: samples.filter((s) => s.fault).length,
    });
    log(`one process per case ${name}: ${perCase.median.toFixed(0)} ms per case`);
  }
  return rows;
}
