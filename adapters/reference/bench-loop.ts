/**
 * bench.loop (kit-internal, never in the corpus): one operation's whole answer, run in a tight loop
 * in-process, so the harness can divide its own throughput by the in-language one. The inputs come
 * decoded with the request; only the loop is timed (process.hrtime, a monotonic clock).
 */
import { InvalidInputError } from "./src/index.ts";

export const BENCH_LOOP = "bench.loop";

type Answer = { readonly type: string; readonly ok?: boolean };

export interface BenchLoopOutput {
  readonly op: string;
  readonly cases: number;
  readonly elapsed_ns: number;
  readonly ok: number;
  readonly errors: number;
}

function refuse(message: string): InvalidInputError {
  return new InvalidInputError("unclassified", `bench.loop: ${message}`);
}

/** `answer` is the adapter's own per-call function; `offers` tells which operations it has. */
export function benchLoop(
  input: Record<string, unknown>,
  answer: (id: number, op: string, input: Record<string, unknown>) => Answer,
  offers: (op: string) => boolean,
): BenchLoopOutput {
  const { op, inputs, repeat } = input;
  if (op === BENCH_LOOP) throw refuse("cannot loop over itself");
  if (typeof op !== "string" || !offers(op)) throw refuse(`cannot loop over ${JSON.stringify(op)}: not an operation of this adapter`);
  if (!Array.isArray(inputs) || !inputs.every((i) => typeof i === "object" && i !== null && !Array.isArray(i)))
    throw refuse("inputs must be a list of objects");
  if (typeof repeat !== "number" || !Number.isSafeInteger(repeat) || repeat < 1) throw refuse("repeat must be an integer >= 1");
  let cases = 0;
  let ok = 0;
  const started = process.hrtime.bigint();
  for (let r = 0; r < repeat; r++) {
    for (const one of inputs as Record<string, unknown>[]) {
      cases++;
      if (answer(cases, op, one).ok === true) ok++;
    }
  }
  const elapsed_ns = Number(process.hrtime.bigint() - started);
  return { op, cases, elapsed_ns, ok, errors: cases - ok };
}
