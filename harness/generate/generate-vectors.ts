/**
 * New vectors for a suite: inputs from the generators, expected values from the reference, each
 * named and described by what it probes (the generators' fault, the boundary characters, the rule
 * the reference applied) and annotated with which other implementations agree. Inputs already in
 * the corpus (same operation, same canonical input) are skipped, and the pick is spread over the
 * kinds of answer (accepted, each reason, each error, plain outputs) so a handful of vectors
 * covers many rules.
 */
import type { Arbitrary } from "fast-check";
import type { VectorToWrite } from "../corpus/vector-file-text.ts";
import { type AnswerClass, ask } from "../fuzz/answers.ts";
import { allocateId, corpusIds, corpusInputs, homeOf, inputKey, reviewNote } from "../fuzz/candidates.ts";
import { valuesAt } from "../fuzz/generate-at.ts";
import { probeOf } from "../fuzz/probe.ts";
import type { Implementation } from "../model/implementation.ts";
import type { Corpus } from "../model/vector.ts";

export interface GenerateOptions {
  readonly corpus: Corpus;
  readonly suite: string;
  readonly ops: readonly string[];
  readonly arbitraries: Readonly<Record<string, Arbitrary<Record<string, unknown>>>>;
  readonly seed: number;
  /** Vectors wanted per operation. */
  readonly count: number;
  readonly tier: "must" | "should";
  /** The reference first; the others are only asked whether they agree. */
  readonly reference: Implementation;
  readonly others: readonly Implementation[];
  readonly command: string;
  /** The id segment after the suite: `<suite>/<group>/<what the input probes>`. */
  readonly group: string;
  /** Ids besides the corpus's that a new vector must not take (a target file's). */
  readonly takenIds?: ReadonlySet<string>;
  /** Inputs besides the corpus's never offered again (a target file's), by `inputKey`. */
  readonly heldInputs?: ReadonlyMap<string, string>;
}

/** How many generated inputs are considered per vector wanted, to have kinds to spread over. */
const POOL_FACTOR = 20;

export async function generateVectors(options: GenerateOptions): Promise<VectorToWrite[]> {
  const known = new Set([...corpusInputs(options.corpus).keys(), ...(options.heldInputs?.keys() ?? [])]);
  const taken = new Set([...corpusIds(options.corpus), ...(options.takenIds ?? [])]);
  const out: VectorToWrite[] = [];
  for (const op of options.ops) {
    const arbitrary = options.arbitraries[op];
    if (!arbitrary) throw new Error(`no generator for operation ${op}`);
    const pool = valuesAt(arbitrary, options.seed, "0", options.count * POOL_FACTOR)
      .map((input, index) => ({ input, index, key: inputKey(op, input) }))
      .filter((c) => {
        if (known.has(c.key)) return false;
        known.add(c.key);
        return true;
      });
    const answered = await Promise.all(pool.map(async (c) => ({ ...c, kind: kindOf(op, await options.reference.call(op, c.input)) })));
    for (const pick of spread(
      answered.filter((a) => a.kind !== null),
      options.count,
    )) {
      out.push(await toVector(options, op, pick.input, pick.index, taken));
    }
  }
  return out;
}

type Kind = string | null;

function kindOf(op: string, answer: Awaited<ReturnType<Implementation["call"]>>): Kind {
  const r = answer.result;
  if (r.kind === "error") return `error ${r.error.reason}`;
  if (r.kind !== "ok") return null; // the reference has no answer: nothing to expect
  const out = r.output as Record<string, unknown> | null;
  if (out && typeof out === "object" && "accepted" in out) return out.accepted ? "accepted" : `rejected ${String(out.reason ?? "")}`;
  return `${op} output`;
}

/** Round-robin over kinds, in order of first appearance, so rare kinds are not crowded out. */
function spread<T extends { kind: Kind }>(items: readonly T[], count: number): T[] {
  const byKind = new Map<Kind, T[]>();
  for (const item of items) {
    const list = byKind.get(item.kind);
    if (list) list.push(item);
    else byKind.set(item.kind, [item]);
  }
  const queues = [...byKind.values()];
  const picked: T[] = [];
  for (let round = 0; picked.length < count && queues.some((q) => q.length > round); round++) {
    for (const q of queues) if (q[round] && picked.length < count) picked.push(q[round]!);
  }
  return picked;
}

async function toVector(
  options: GenerateOptions,
  op: string,
  input: Record<string, unknown>,
  index: number,
  taken: Set<string>,
): Promise<VectorToWrite> {
  const outcome = await ask(op, input, [options.reference, ...options.others]);
  const refName = options.reference.name;
  const refClass = outcome.classes.find((c) => c.implementations.includes(refName))!;
  const home = homeOf(options.corpus, op, options.suite);
  const probe = probeOf(op, input, refClass.answer);
  const expectation = refClass.answer.startsWith("error ")
    ? { expected_error: { reason: refClass.answer.slice("error ".length) } }
    : { expected: JSON.parse(refClass.answer) as unknown };
  return {
    id: allocateId(options.suite, options.group, probe.slug, taken),
    description: `${probe.summary}${options.others.length > 0 ? `. ${agreement(outcome.classes, refName, [...outcome.results.keys()])}` : ""}`,
    spec: {
      ...home.spec,
      note: reviewNote(`expected value is the reference's answer, section copied from the suite's first ${op} vector`),
    },
    tier: options.tier,
    op,
    input,
    ...expectation,
    provenance: { source: "generated", by: options.command, seed: options.seed, replay_path: String(index) },
  };
}

/** "Agree: reference, python; differ: rust says error config.wrong_type; no answer: …" */
export function agreement(classes: readonly AnswerClass[], reference: string, asked: readonly string[]): string {
  const refClass = classes.find((c) => c.implementations.includes(reference));
  const agree = refClass?.implementations ?? [reference];
  const differ = classes
    .filter((c) => c !== refClass)
    .map((c) => `${c.implementations.join(", ")} ${c.implementations.length === 1 ? "says" : "say"} ${c.answer}`);
  const silent = asked.filter((name) => !classes.some((c) => c.implementations.includes(name)));
  return [
    `Agree: ${agree.join(", ")}`,
    ...(differ.length ? [`differ: ${differ.join("; ")}`] : []),
    ...(silent.length ? [`no answer: ${silent.join(", ")}`] : []),
  ].join("; ");
}
