/**
 * Shrinking a disagreement to a minimal counterexample with fast-check's own shrinker, each step
 * answered by the real implementations (the subprocess adapters included). The predicate keeps
 * the disagreement's kind (who sides with whom, and each side's coarse answer), so the shrunk case
 * shows the same divergence, never a smaller one of another kind. The result's path replays it: `fc.check(property, { seed, path })` walks the
 * same shrink tree without evaluating anything on the way.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Implementation } from "../model/implementation.ts";
import { ask, type Outcome, shrinkTargets } from "./answers.ts";
import { valuesAt } from "./generate-at.ts";

export interface Shrunk {
  readonly input: Record<string, unknown>;
  readonly outcome: Outcome;
  /** fast-check's counterexample path: `<run index>:<shrink step>:…`. */
  readonly path: string;
  /** How many candidate inputs the shrinker had the implementations answer. */
  readonly evaluations: number;
  /** The time limit ended shrinking early: the case is smaller, not necessarily minimal. */
  readonly interrupted: boolean;
}

export interface ShrinkRequest {
  readonly op: string;
  readonly arbitrary: Arbitrary<Record<string, unknown>>;
  readonly seed: number;
  readonly index: number;
  /** The kind to keep, from `shrinkTargets()` (a whole `signature()`, or one live kind). */
  readonly signature: string;
  /** The implementation live kinds are taken against (shrinkTargets). */
  readonly pivot?: string;
  readonly implementations: readonly Implementation[];
  readonly timeLimitMs: number;
}

export async function shrink(request: ShrinkRequest): Promise<Shrunk | null> {
  let evaluations = 0;
  const property = fc.asyncProperty(request.arbitrary, async (input) => {
    evaluations++;
    const outcome = await ask(request.op, input, request.implementations);
    return outcome.classes.length < 2 || !shrinkTargets(request.op, outcome.classes, request.pivot).includes(request.signature);
  });
  const details = await fc.check(property, {
    seed: request.seed,
    path: String(request.index),
    numRuns: 1,
    interruptAfterTimeLimit: request.timeLimitMs,
    markInterruptAsFailure: false,
  });
  if (!details.failed || details.counterexample === null || details.counterexamplePath === null) return null;
  const [input] = details.counterexample;
  // Asked once more for the evidence: the shrinker's last failing call is not kept by fast-check.
  const outcome = await ask(request.op, input, request.implementations);
  return { input, outcome, path: details.counterexamplePath, evaluations, interrupted: details.interrupted };
}

/** The input fast-check generates at a replay path (a run index, then shrink steps). */
export function replayInput(arbitrary: Arbitrary<Record<string, unknown>>, seed: number, path: string): Record<string, unknown> {
  const [first] = valuesAt(arbitrary, seed, path, 1);
  if (!first) throw new Error(`nothing generated at seed ${seed}, path ${path}`);
  return first;
}
