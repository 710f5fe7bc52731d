/**
 * In-language throughput: the adapter runs one operation's per-call work in a tight loop in its own
 * language (`bench.loop`), so line I/O, JSON coding and the harness are excluded. Each loop is
 * paired with a harness repetition on the same adapter process right before it, so the efficiency
 * (harness ÷ in-language) compares like with like on a machine whose load drifts. Adapters whose
 * handshake does not list bench.loop are reported as not available.
 */
import type { Implementation } from "../harness/model/implementation.ts";
import { corpusInputs, type Inputs } from "./corpus-inputs.ts";
import { callsPerSecond } from "./drive-calls.ts";
import { BENCH_LOOP, measured, OPS, withStarted } from "./implementations.ts";
import type { BenchOptions } from "./options.ts";
import { repeat, type Spread, spread } from "./stats.ts";
import { warmUp } from "./throughput.ts";

/** bench.loop's output (vectors/_schema/ops/bench.loop.json). */
interface LoopOutput {
  readonly op: string;
  readonly cases: number;
  readonly elapsed_ns: number;
  readonly ok: number;
  readonly errors: number;
}

export interface InLanguageRow {
  readonly implementation: string;
  readonly op: string;
  /** Why there is no number, when there is none. */
  readonly not_available?: string;
  readonly cases_per_rep?: number;
  readonly cases_per_s?: Spread;
  /** The harness at the default window, each repetition right before its loop. */
  readonly harness_cases_per_s?: Spread;
  /** Per pair: harness ÷ in-language. */
  readonly efficiency?: Spread;
  /** ok:true answers vs errors in the last repetition: the verdict mix is the corpus's. */
  readonly ok?: number;
  readonly errors?: number;
}

/** The loop must end well inside the driver's case timeout (10 s). */
const MAX_LOOP_SECONDS = 3;
const CALIBRATION_CASES = 2_000;

async function runLoop(impl: Implementation, op: string, inputs: Inputs, times: number): Promise<LoopOutput> {
  const { result } = await impl.call(BENCH_LOOP, { op, inputs, repeat: times });
  if (result.kind !== "ok")
    throw new Error(`${BENCH_LOOP} answered ${result.kind}: ${"error" in result ? result.error.message : (result.message ?? "")}`);
  const output = result.output as LoopOutput;
  if (!(output.cases > 0 && output.elapsed_ns > 0)) throw new Error(`${BENCH_LOOP} answered ${JSON.stringify(output)}`);
  return output;
}

const rateOf = (output: LoopOutput) => output.cases / (output.elapsed_ns / 1e9);

async function measureOne(impl: Implementation, op: string, options: BenchOptions): Promise<InLanguageRow> {
  const inputs = corpusInputs(op);
  const calibration = Math.ceil(CALIBRATION_CASES / inputs.length);
  await runLoop(impl, op, inputs, calibration); // warm-up: JIT, SDK caches, first imports
  const rate = rateOf(await runLoop(impl, op, inputs, calibration));
  const seconds = Math.min(options.repSeconds, MAX_LOOP_SECONDS);
  const times = Math.max(1, Math.round((rate * seconds) / inputs.length));
  const calls = await warmUp(impl, op, inputs, options.repSeconds);
  const pairs = await repeat(options.reps, async () => {
    const harness = await callsPerSecond(impl, op, inputs, calls);
    return { harness, loop: await runLoop(impl, op, inputs, times) };
  });
  const last = pairs[pairs.length - 1]!.loop;
  return {
    implementation: impl.name,
    op,
    cases_per_rep: last.cases,
    cases_per_s: spread(pairs.map((p) => rateOf(p.loop))),
    harness_cases_per_s: spread(pairs.map((p) => p.harness)),
    efficiency: spread(pairs.map((p) => p.harness / rateOf(p.loop))),
    ok: last.ok,
    errors: last.errors,
  };
}

export async function measureInLanguage(options: BenchOptions, log: (line: string) => void): Promise<InLanguageRow[]> {
  const rows: InLanguageRow[] = [];
  for (const name of measured()) {
    await withStarted(name, {}, async (impl, handshake) => {
      for (const op of OPS) {
        if (!handshake.operations.includes(BENCH_LOOP)) {
          rows.push({ implementation: name, op, not_available: `the ${name} adapter does not list ${BENCH_LOOP} in its handshake` });
          continue;
        }
        try {
          const row = await measureOne(impl, op, options);
          log(`in-language ${name} ${op}: ${Math.round(row.cases_per_s!.median)} cases/s, efficiency ${row.efficiency!.median.toFixed(2)}`);
          rows.push(row);
        } catch (error) {
          rows.push({ implementation: name, op, not_available: (error as Error).message });
        }
      }
    });
    if (rows.some((r) => r.implementation === name && r.not_available)) log(`in-language ${name}: not available`);
  }
  return rows;
}
