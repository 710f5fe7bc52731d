/**
 * Shrunk disagreements as candidate vectors: corpus-format files, one per suite, ready for review.
 * A candidate is `observe` tier (no expected value): deciding what the spec requires, and so the
 * tier and expected value, is the reviewer's call when promoting it into the corpus.
 */

import type { VectorFileToWrite, VectorToWrite } from "../corpus/vector-file-text.ts";
import type { Corpus, SpecRef } from "../model/vector.ts";
import { canonicalJson, sha256Hex } from "../util/canonical-json.ts";
import type { FuzzGroup } from "./fuzz-run.ts";

/** The suite that owns an operation (the first authored one listing it) and a spec ref to start from. */
export function homeOf(corpus: Corpus, op: string): { suite: string; spec: SpecRef } {
  const suite = corpus.suites.find((s) => !s.name.startsWith("upstream-") && s.ops.includes(op));
  if (!suite) throw new Error(`no suite in the corpus lists operation ${op}`);
  const spec = suite.vectors.find((v) => v.op === op)?.spec ?? { file: "a2c-smcp-protocol:docs/specification", section: op };
  return { suite: suite.name, spec };
}

export function candidateId(suite: string, op: string, input: Record<string, unknown>): string {
  return `${suite}/fuzz/${op}-${sha256Hex(canonicalJson({ op, input })).slice(0, 10)}`;
}

/** "python says {…}; reference, rust say {…}" */
export function describeClasses(group: FuzzGroup): string {
  return group.classes
    .map((c) => `${c.implementations.join(", ")} ${c.implementations.length === 1 ? "says" : "say"} ${c.answer}`)
    .join("; ");
}

/** Every input the corpus holds, by operation and canonical input, to the id of the vector holding it. */
export function corpusInputs(corpus: Corpus): ReadonlyMap<string, string> {
  return new Map(corpus.suites.flatMap((s) => s.vectors.map((v) => [inputKey(v.op, v.input), v.id] as const)));
}

export function inputKey(op: string, input: Record<string, unknown>): string {
  return `${op}\u0000${canonicalJson(input)}`;
}

/** The groups whose shrunk input a corpus vector already holds: vector id by group. */
export function alreadyInCorpus(corpus: Corpus, groups: readonly FuzzGroup[]): ReadonlyMap<FuzzGroup, string> {
  const inputs = corpusInputs(corpus);
  return new Map(
    groups.flatMap((g) => {
      const id = inputs.get(inputKey(g.op, g.input));
      return id === undefined ? [] : [[g, id] as const];
    }),
  );
}

/** Candidate files, one per suite; a group whose input the corpus already holds is never a candidate. */
export function candidateFiles(corpus: Corpus, groups: readonly FuzzGroup[], command: string): VectorFileToWrite[] {
  const bySuite = new Map<string, VectorToWrite[]>();
  const existing = alreadyInCorpus(corpus, groups);
  for (const group of groups.filter((g) => !existing.has(g))) {
    const home = homeOf(corpus, group.op);
    const vector: VectorToWrite = {
      id: candidateId(home.suite, group.op, group.input),
      description: `fuzz candidate (${group.partition}): ${describeClasses(group)}`,
      spec: { ...home.spec, note: "candidate from fuzz: check this reference before promoting" },
      tier: "observe",
      op: group.op,
      input: group.input,
      provenance: { source: "fuzz", by: command, seed: group.seed, replay_path: group.path },
    };
    bySuite.set(home.suite, [...(bySuite.get(home.suite) ?? []), vector]);
  }
  return [...bySuite].map(([suite, vectors]) => ({
    suite,
    description:
      "Candidates found by `smcp-conformance fuzz`: review each, give it a tier and an expected value from the spec, then move it into the suite.",
    provenance: { source: "fuzz", by: command },
    vectors,
  }));
}
