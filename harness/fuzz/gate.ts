/**
 * Fuzz as a gate: every kind of disagreement a run met is judged against the baseline of the
 * implementation it belongs to. A kind not listed is new (the run fails); a listed kind the run
 * did not meet, for an operation it fuzzed, is stale (reported, not failing: a shorter run may
 * simply not reach it). An adapter fault is never a known kind. An implementation that judged
 * nothing (it answered only `unsupported`, claimed none of the operations, or only faulted) fails
 * the gate: without a compared answer it has no kinds, and a gate that saw nothing passed it.
 */
import { kindKey, opOfKind } from "./answers.ts";
import type { Baseline, BaselineEntry } from "./baseline.ts";
import type { AnswerCounts, KindSeen } from "./explore.ts";

export interface StaleKind {
  readonly implementation: string;
  readonly file: string;
  readonly entry: BaselineEntry;
}

export interface GateVerdict {
  /** Kinds no baseline lists, adapter faults first, then by how many cases showed them. */
  readonly fresh: readonly KindSeen[];
  readonly known: readonly KindSeen[];
  readonly stale: readonly StaleKind[];
  /** Implementations none of whose answers could be compared, with how their answers went. */
  readonly unjudged: ReadonlyArray<{ readonly implementation: string } & Readonly<AnswerCounts>>;
}

/** Implementations that were asked at least once and gave no comparable answer (an output or an error). */
export function nothingJudged(answered: Readonly<Record<string, AnswerCounts>>): GateVerdict["unjudged"] {
  return Object.entries(answered)
    .filter(([, counts]) => counts.judged === 0 && counts.unsupported + counts.faults > 0)
    .map(([implementation, counts]) => ({ implementation, ...counts }));
}

/** A kind in which the implementation's side is a crash, a timeout or a protocol error. */
export function isFaultKind(seen: Pick<KindSeen, "implementation" | "kind">): boolean {
  // Every side of a kind follows a space: "<op> <impl>=<answer> | <impl>=<answer>".
  return seen.kind.includes(` ${seen.implementation}=fault `);
}

/**
 * `baselines` by implementation name; an implementation without one (a `--adapter`) has every
 * kind new. `ops` are the operations this run fuzzed: only their listed kinds can be stale.
 */
export function judgeKinds(
  kinds: readonly KindSeen[],
  baselines: ReadonlyMap<string, Baseline>,
  ops: readonly string[],
  complete = true,
  answered: Readonly<Record<string, AnswerCounts>> = {},
): GateVerdict {
  const fresh: KindSeen[] = [];
  const known: KindSeen[] = [];
  for (const seen of kinds) {
    const listed = baselines.get(seen.implementation)?.kinds.has(seen.kind) === true;
    (listed && !isFaultKind(seen) ? known : fresh).push(seen);
  }
  fresh.sort((a, b) => Number(isFaultKind(b)) - Number(isFaultKind(a)) || b.cases - a.cases || a.kind.localeCompare(b.kind));
  const met = new Set(kinds.map((k) => kindKey(k.implementation, k.kind)));
  const fuzzed = new Set(ops);
  // A run cut short (time budget, interrupt) did not look everywhere: nothing it missed is stale.
  const stale = complete
    ? [...baselines.values()].flatMap((b) =>
        [...b.kinds.values()]
          .filter((entry) => fuzzed.has(opOfKind(entry.kind)) && !met.has(kindKey(b.implementation, entry.kind)))
          .map((entry) => ({ implementation: b.implementation, file: b.file, entry })),
      )
    : [];
  return { fresh, known, stale, unjudged: nothingJudged(answered) };
}
