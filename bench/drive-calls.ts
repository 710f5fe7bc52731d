/**
 * Drives an Implementation the way a run does: every call made up front and left to the driver's
 * window, but streamed in chunks (the next chunk issued before the previous one is awaited) so the
 * pipeline never drains and memory stays flat however many calls are made.
 */
import type { Answer, Implementation } from "../harness/model/implementation.ts";
import type { Inputs } from "./corpus-inputs.ts";

export const CHUNK = 5_000;

export interface Outcomes {
  ok: number;
  error: number;
  unsupported: number;
  /** crash, timeout, protocol_error: a measurement with any of these is suspect. */
  fault: number;
}

export function noOutcomes(): Outcomes {
  return { ok: 0, error: 0, unsupported: 0, fault: 0 };
}

function tally(outcomes: Outcomes, answers: readonly Answer[]): void {
  for (const { result } of answers) {
    if (result.kind === "ok" || result.kind === "error" || result.kind === "unsupported") outcomes[result.kind]++;
    else outcomes.fault++;
  }
}

/** Makes `count` calls of `op`, cycling through `inputs`; resolves when every answer is in. */
export async function driveCalls(
  impl: Implementation,
  op: string,
  inputs: Inputs,
  count: number,
  outcomes = noOutcomes(),
): Promise<Outcomes> {
  let previous: Promise<Answer[]> | undefined;
  for (let sent = 0; sent < count; ) {
    const size = Math.min(CHUNK, count - sent);
    const chunk: Promise<Answer>[] = new Array(size);
    for (let i = 0; i < size; i++) chunk[i] = impl.call(op, inputs[(sent + i) % inputs.length]!);
    sent += size;
    if (previous) tally(outcomes, await previous);
    previous = Promise.all(chunk);
  }
  if (previous) tally(outcomes, await previous);
  return outcomes;
}

/** Calls per second of one `driveCalls`. */
export async function callsPerSecond(
  impl: Implementation,
  op: string,
  inputs: Inputs,
  count: number,
  outcomes?: Outcomes,
): Promise<number> {
  const started = performance.now();
  await driveCalls(impl, op, inputs, count, outcomes);
  return (count * 1000) / (performance.now() - started);
}
