/**
 * Exploration: generated inputs of one operation go to every implementation in chunks (each
 * adapter pipelines a whole chunk), answers are compared and dropped, so memory stays flat however
 * many cases run. Case `i` is exactly what fast-check's runner would generate as run `i` for this
 * seed, so `fc.check(property, { seed, path: "i" })` starts shrinking from the same input
 * (see generate-at.ts).
 */
import type { Arbitrary } from "fast-check";
import type { Implementation } from "../model/implementation.ts";
import { ask, disagreeingPairs, kindKey, kindsAgainst, type Outcome, partition, shrinkTargets } from "./answers.ts";
import { valuesAt } from "./generate-at.ts";

export interface Found {
  /** The run index within this operation's seed: fast-check's replay path starts with it. */
  readonly index: number;
  readonly input: Record<string, unknown>;
  readonly outcome: Outcome;
  readonly partition: string;
}

export interface ExploreStats {
  cases: number;
  disagreeing: number;
  /** Cases per disagreeing implementation pair (`a~b`). */
  readonly pairs: Map<string, number>;
  /** How many cases showed each coarse signature, and the first few of each (to shrink). */
  readonly signatures: Map<string, { count: number; samples: Found[] }>;
  /** Per implementation, the kinds of its disagreement with the pivot, each with the signature it was first seen in. */
  readonly kinds: Map<string, KindSeen>;
  /** Per implementation, how its answers went: a gate over an adapter that judged nothing is no gate. */
  readonly answered: Map<string, AnswerCounts>;
}

/** One implementation's answers: comparable (an output or an error), unsupported / not applicable, or a fault. */
export interface AnswerCounts {
  judged: number;
  unsupported: number;
  faults: number;
}

/** One implementation's kind of disagreement with the pivot (see `kindAgainst`), as exploration met it. */
export interface KindSeen {
  readonly implementation: string;
  readonly op: string;
  readonly kind: string;
  /** The signature of the first case showing it: its shrunk group is the one found from that signature. */
  readonly signature: string;
  cases: number;
}

export interface ExploreOptions {
  readonly op: string;
  readonly arbitrary: Arbitrary<Record<string, unknown>>;
  readonly seed: number;
  readonly runs: number;
  readonly implementations: readonly Implementation[];
  /** Kept per signature for shrinking; later occurrences are only counted. */
  readonly samplesPerSignature: number;
  /** The implementation every other one's kinds of disagreement are taken against (the reference); none: no kinds. */
  readonly pivot?: string;
  /** Exploration stops at the next chunk boundary once this returns true (time budget, interrupt). */
  readonly shouldStop: () => boolean;
  readonly chunk?: number;
  readonly onProgress?: (stats: ExploreStats) => void;
}

export async function explore(options: ExploreOptions): Promise<ExploreStats> {
  const stats: ExploreStats = { cases: 0, disagreeing: 0, pairs: new Map(), signatures: new Map(), kinds: new Map(), answered: new Map() };
  const chunk = options.chunk ?? 2000;
  for (let start = 0; start < options.runs && !options.shouldStop(); start += chunk) {
    const size = Math.min(chunk, options.runs - start);
    const values = valuesAt(options.arbitrary, options.seed, String(start), size);
    const outcomes = await Promise.all(values.map((input) => ask(options.op, input, options.implementations)));
    outcomes.forEach((outcome, i) => {
      record(stats, options, start + i, values[i]!, outcome);
    });
    stats.cases += size;
    options.onProgress?.(stats);
  }
  return stats;
}

function record(stats: ExploreStats, options: ExploreOptions, index: number, input: Record<string, unknown>, outcome: Outcome): void {
  countAnswers(stats.answered, outcome);
  if (outcome.classes.length < 2) return;
  stats.disagreeing++;
  for (const pair of new Set(disagreeingPairs(outcome.classes))) stats.pairs.set(pair, (stats.pairs.get(pair) ?? 0) + 1);
  const keys = shrinkTargets(options.op, outcome.classes, options.pivot);
  for (const key of keys) {
    let entry = stats.signatures.get(key);
    if (!entry) stats.signatures.set(key, (entry = { count: 0, samples: [] }));
    entry.count++;
    if (entry.samples.length < options.samplesPerSignature)
      entry.samples.push({ index, input, outcome, partition: partition(outcome.classes) });
  }
  if (options.pivot !== undefined) recordKinds(stats, options.op, options.pivot, outcome, keys);
}

/** `targets`: what this case was grouped under; a kind that is one of them is its own group's signature. */
function recordKinds(stats: ExploreStats, op: string, pivot: string, outcome: Outcome, targets: readonly string[]): void {
  for (const c of outcome.classes) {
    for (const implementation of c.implementations) {
      for (const kind of kindsAgainst(op, outcome.classes, pivot, implementation)) {
        const key = kindKey(implementation, kind);
        const seen = stats.kinds.get(key);
        if (seen) seen.cases++;
        else stats.kinds.set(key, { implementation, op, kind, signature: targets.includes(kind) ? kind : targets[0]!, cases: 1 });
      }
    }
  }
}

function countAnswers(answered: Map<string, AnswerCounts>, outcome: Outcome): void {
  for (const [name, result] of outcome.results) {
    let counts = answered.get(name);
    if (!counts) answered.set(name, (counts = { judged: 0, unsupported: 0, faults: 0 }));
    if (result.kind === "ok" || result.kind === "error") counts.judged++;
    else if (result.kind === "unsupported" || result.kind === "not_applicable") counts.unsupported++;
    else counts.faults++;
  }
}
