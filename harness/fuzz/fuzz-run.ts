/**
 * A differential fuzz run: for each operation, explore generated inputs across every selected
 * implementation, then shrink the first few cases of each disagreement signature and group the
 * shrunk counterexamples (one group per minimal case: the same root cause found twice is one
 * group). Nothing per case is kept beyond the counters, so a long run holds flat memory.
 */
import type { Arbitrary } from "fast-check";
import type { Implementation } from "../model/implementation.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import type { AnswerClass } from "./answers.ts";
import { type AnswerCounts, type ExploreStats, explore, type KindSeen } from "./explore.ts";
import { LIVE_FUZZ_OPS } from "./live-scenes.ts";
import { shrink } from "./shrink.ts";

export interface FuzzOptions {
  readonly ops: readonly string[];
  readonly arbitraries: Readonly<Record<string, Arbitrary<Record<string, unknown>>>>;
  readonly seed: number;
  /** Generated cases in all, split evenly over the operations. */
  readonly runs: number;
  readonly timeBudgetMs?: number;
  readonly implementations: readonly Implementation[];
  /** Cases shrunk per coarse signature (more finds distinct root causes that look alike). */
  readonly shrinksPerSignature: number;
  /** Each other implementation's kinds of disagreement are taken against this one (the reference); see `kinds`. */
  readonly pivot?: string;
  readonly shouldStop?: () => boolean;
  readonly onProgress?: (line: string) => void;
}

export interface FuzzGroup {
  readonly op: string;
  /** The kind of disagreement (see `signature`): one group per kind, found however many times. */
  readonly signature: string;
  /** The fast-check seed of this operation's stream: with `path`, it replays the case. */
  readonly seed: number;
  readonly path: string;
  /** The smallest shrunk counterexample of this kind. */
  readonly input: Record<string, unknown>;
  readonly partition: string;
  readonly classes: readonly AnswerClass[];
  /** Explored cases that showed this kind before shrinking. */
  cases: number;
  /** Other distinct shrunk forms of the same kind (replay paths), for a reviewer to compare. */
  readonly variants: string[];
  readonly shrink: { readonly evaluations: number; readonly interrupted: boolean };
  /** The signatures, as exploration met them, whose cases shrank into this group. */
  readonly found_as: string[];
}

export interface OpStats {
  readonly op: string;
  readonly seed: number;
  readonly cases: number;
  readonly disagreeing: number;
}

export interface FuzzSummary {
  readonly seed: number;
  readonly implementations: readonly string[];
  readonly cases: number;
  readonly disagreeing: number;
  readonly wall_ms: number;
  readonly peak_rss_bytes: number;
  readonly per_op: readonly OpStats[];
  /** Disagreeing cases per implementation pair `a~b`. */
  readonly pairs: Readonly<Record<string, number>>;
  readonly groups: readonly FuzzGroup[];
  /** The implementation the kinds are taken against, when one was set. */
  readonly pivot?: string;
  /** Per implementation, each kind of disagreement with the pivot and how many cases showed it (what its baseline gates). */
  readonly kinds: readonly KindSeen[];
  /** Per implementation, its answers over every operation: judged, unsupported, faults. */
  readonly answered: Readonly<Record<string, AnswerCounts>>;
  readonly stopped?: string;
}

/** One seed per operation, so replaying an operation does not depend on which others ran. */
export function opSeed(seed: number, op: string, ops: readonly string[]): number {
  if (ops.length === 1) return seed;
  let hash = 0x811c9dc5;
  for (const ch of op) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193);
  return (seed ^ hash) | 0;
}

/** Scenes explored per chunk of a live operation (each implementation plays them FUZZ_SCENE_SLOTS at a time). */
const LIVE_CHUNK = 48;

export async function fuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const started = performance.now();
  const budget = options.timeBudgetMs ?? Infinity;
  const elapsed = () => performance.now() - started;
  const perOpRuns = Math.ceil(options.runs / options.ops.length);
  const explored: Array<{ op: string; seed: number; stats: ExploreStats }> = [];
  let stopped: string | undefined;
  for (const [k, op] of options.ops.entries()) {
    const seed = opSeed(options.seed, op, options.ops);
    // Three quarters of the budget explore, shared out by operation; the rest is for shrinking.
    const deadline = (0.75 * budget * (k + 1)) / options.ops.length;
    const shouldStop = () => {
      if (options.shouldStop?.()) stopped ??= "interrupted";
      else if (elapsed() > deadline) stopped ??= "time budget";
      else return false;
      return true;
    };
    const stats = await explore({
      op,
      seed,
      runs: perOpRuns,
      arbitrary: arbitraryFor(options, op),
      implementations: options.implementations,
      samplesPerSignature: options.shrinksPerSignature,
      ...(options.pivot !== undefined ? { pivot: options.pivot } : {}),
      // A live case is a whole scene: small chunks, so an interrupt or the time budget is heard within seconds.
      ...(LIVE_FUZZ_OPS.has(op) ? { chunk: LIVE_CHUNK } : {}),
      shouldStop,
    });
    explored.push({ op, seed, stats });
    options.onProgress?.(
      `fuzz: ${op}: ${stats.cases} cases, ${stats.disagreeing} disagreeing, ${stats.signatures.size} signatures (${Math.round(elapsed())} ms)`,
    );
  }
  const groups = await shrinkAll(options, explored, () => budget - elapsed());
  const pairs: Record<string, number> = {};
  for (const { stats } of explored) for (const [pair, n] of stats.pairs) pairs[pair] = (pairs[pair] ?? 0) + n;
  return {
    seed: options.seed,
    implementations: options.implementations.map((i) => i.name),
    cases: explored.reduce((n, e) => n + e.stats.cases, 0),
    disagreeing: explored.reduce((n, e) => n + e.stats.disagreeing, 0),
    wall_ms: Math.round(elapsed()),
    peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
    per_op: explored.map(({ op, seed, stats }) => ({ op, seed, cases: stats.cases, disagreeing: stats.disagreeing })),
    pairs,
    groups,
    ...(options.pivot !== undefined ? { pivot: options.pivot } : {}),
    kinds: explored.flatMap(({ stats }) => [...stats.kinds.values()]),
    answered: sumAnswers(options.implementations, explored),
    ...(stopped ? { stopped } : {}),
  };
}

function sumAnswers(
  implementations: readonly Implementation[],
  explored: ReadonlyArray<{ stats: ExploreStats }>,
): Record<string, AnswerCounts> {
  const sum: Record<string, AnswerCounts> = Object.create(null);
  for (const { name } of implementations) {
    const counts = { judged: 0, unsupported: 0, faults: 0 };
    for (const { stats } of explored) {
      const own = stats.answered.get(name);
      if (own) for (const k of ["judged", "unsupported", "faults"] as const) counts[k] += own[k];
    }
    sum[name] = counts;
  }
  return sum;
}

function size(group: FuzzGroup): number {
  return canonicalJson(group.input).length;
}

function arbitraryFor(options: FuzzOptions, op: string): Arbitrary<Record<string, unknown>> {
  const arbitrary = options.arbitraries[op];
  if (!arbitrary) throw new Error(`no generator for operation ${op}`);
  return arbitrary;
}

async function shrinkAll(
  options: FuzzOptions,
  explored: ReadonlyArray<{ op: string; seed: number; stats: ExploreStats }>,
  remainingMs: () => number,
): Promise<FuzzGroup[]> {
  const groups = new Map<string, FuzzGroup>();
  const jobs = explored.flatMap(({ op, seed, stats }) =>
    [...stats.signatures].flatMap(([explored, entry]) =>
      entry.samples.map((found, i) => ({ op, seed, explored, cases: i === 0 ? entry.count : 0, found })),
    ),
  );
  for (const [n, job] of jobs.entries()) {
    if (options.shouldStop?.()) break;
    // An even share of what is left of the budget, never less than two seconds.
    const timeLimitMs = Math.max(2_000, Math.min(60_000, remainingMs() / (jobs.length - n)));
    const shrunk = await shrink({
      op: job.op,
      arbitrary: arbitraryFor(options, job.op),
      seed: job.seed,
      index: job.found.index,
      signature: job.explored,
      implementations: options.implementations,
      timeLimitMs,
      ...(options.pivot !== undefined ? { pivot: options.pivot } : {}),
    });
    // A case that no longer disagrees (a flaky adapter) keeps its unshrunk form as evidence.
    const input = shrunk?.input ?? job.found.input;
    const classes = shrunk?.outcome.classes ?? job.found.outcome.classes;
    const path = shrunk?.path ?? String(job.found.index);
    // Shrinking keeps what exploration grouped by (shrinkTargets: a signature, or one live kind).
    const kind = job.explored;
    const candidate: FuzzGroup = {
      op: job.op,
      signature: kind,
      seed: job.seed,
      path,
      input,
      partition: job.found.partition,
      classes,
      cases: 0,
      variants: [],
      shrink: { evaluations: shrunk?.evaluations ?? 0, interrupted: shrunk?.interrupted ?? false },
      found_as: [],
    };
    const existing = groups.get(kind);
    const group = !existing
      ? candidate
      : size(candidate) < size(existing)
        ? { ...candidate, cases: existing.cases, variants: [...existing.variants, existing.path], found_as: existing.found_as }
        : existing;
    if (existing && group === existing && canonicalJson(input) !== canonicalJson(existing.input)) existing.variants.push(path);
    group.cases += job.cases;
    if (!group.found_as.includes(job.explored)) group.found_as.push(job.explored);
    groups.set(kind, group);
    options.onProgress?.(
      `fuzz: shrank ${job.op} case ${job.found.index} to ${canonicalJson(input).length} bytes in ${shrunk?.evaluations ?? 0} steps`,
    );
  }
  return [...groups.values()];
}
