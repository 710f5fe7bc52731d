/**
 * New vectors for a suite: inputs from the generators, expected values from the reference, each
 * named and described by what it probes and annotated with which other implementations agree.
 * An operation with generator families (generators/families.ts) takes its inputs from them: each
 * differs from a fixed base in one field, and lands in the group named after its family
 * (`--group <family>` picks one). Any other operation's inputs come from its arbitrary, kept only
 * when they hold at most one boundary fact, in the group `generated` (or `--group`). Inputs already
 * in the corpus (same operation, same canonical input) are skipped, and each group's pick is spread
 * over the kinds of answer (accepted, each reason, each error, plain outputs). The spec section is
 * the rule's: a corpus vector's that expects the same reason.
 */
import type { Arbitrary } from "fast-check";
import { type VectorToWrite, visibleText } from "../corpus/vector-file-text.ts";
import { type AnswerClass, ask } from "../fuzz/answers.ts";
import {
  allocateId,
  citedFields,
  corpusIds,
  corpusInputs,
  inputKey,
  inputsById,
  type RuleNear,
  ruleReference,
} from "../fuzz/candidates.ts";
import { valuesAt } from "../fuzz/generate-at.ts";
import { answerWords, probeOf } from "../fuzz/probe.ts";
import type { Family, FamilyCase } from "../generators/families.ts";
import type { CallResult, Implementation } from "../model/implementation.ts";
import { parseJsonStringFields } from "../model/operations.ts";
import type { Corpus } from "../model/vector.ts";
import { boundaryFacts, factProbe } from "./one-fact.ts";

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
  /** The id segment after the suite for inputs from an arbitrary: `<suite>/<group>/<what the input probes>`. */
  readonly group: string;
  /** The families to draw from (each lands in its own group); an operation without one uses its arbitrary. */
  readonly families?: readonly Family[];
  /** Ids besides the corpus's that a new vector must not take (a target file's). */
  readonly takenIds?: ReadonlySet<string>;
  /** Inputs besides the corpus's never offered again (a target file's), by `inputKey`. */
  readonly heldInputs?: ReadonlyMap<string, string>;
}

/** How many generated inputs are considered per vector wanted, to have kinds to spread over. */
const POOL_FACTOR = 40;

interface Candidate {
  readonly op: string;
  readonly input: Record<string, unknown>;
  /** Where the input comes from: its fast-check path, or `<family>/<n>`. */
  readonly replay: string;
  readonly group: string;
  readonly fact?: FamilyCase;
}

export async function generateVectors(options: GenerateOptions): Promise<VectorToWrite[]> {
  const known = new Set([...corpusInputs(options.corpus).keys(), ...(options.heldInputs?.keys() ?? [])]);
  const taken = new Set([...corpusIds(options.corpus), ...(options.takenIds ?? [])]);
  const inputs = inputsById(options.corpus);
  const fresh = (c: Candidate) => {
    const key = inputKey(c.op, c.input);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  };
  const out: VectorToWrite[] = [];
  for (const pool of options.ops.flatMap((op) => pools(options, op))) {
    const answered = await Promise.all(
      pool.filter(fresh).map(async (c) => ({ ...c, kind: kindOf(c.op, await options.reference.call(c.op, c.input)) })),
    );
    for (const pick of spread(
      answered.filter((a) => a.kind !== null),
      options.count,
    ))
      out.push(await toVector(options, pick, taken, inputs));
  }
  return out;
}

/** The candidate pools of one operation: one per family, or one from its arbitrary (one fact at most). */
function pools(options: GenerateOptions, op: string): Candidate[][] {
  const families = (options.families ?? []).filter((f) => f.op === op);
  if (families.length > 0)
    return families.map((f) =>
      rotate(f.cases, options.seed).map((fact) => ({
        op,
        input: fact.input,
        replay: `${f.name}/${f.cases.indexOf(fact)}`,
        group: f.name,
        fact,
      })),
    );
  const arbitrary = options.arbitraries[op];
  if (!arbitrary) throw new Error(`no generator for operation ${op}`);
  const all = valuesAt(arbitrary, options.seed, "0", options.count * POOL_FACTOR).map((input, index) => ({
    op,
    input,
    replay: String(index),
    group: options.group,
    facts: boundaryFacts(input).length,
  }));
  // One fact at most; an operation whose every input holds more keeps those with the fewest.
  // A loop, not Math.min(...spread): --count 5000 made a spread of tens of thousands of arguments overflow the stack.
  const most = Math.max(
    1,
    all.reduce((least, c) => Math.min(least, c.facts), Infinity),
  );
  return [all.filter((c) => c.facts <= most)];
}

/** The cases from a seed-chosen start, so another --seed offers others first. */
function rotate<T>(items: readonly T[], seed: number): T[] {
  const start = items.length === 0 ? 0 : Math.abs(seed) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
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
  pick: Candidate,
  taken: Set<string>,
  inputs: Map<string, unknown>,
): Promise<VectorToWrite> {
  const { op, input } = pick;
  const outcome = await ask(op, input, [options.reference, ...options.others]);
  const refName = options.reference.name;
  const refClass = outcome.classes.find((c) => c.implementations.includes(refName))!;
  const rule = answerWords(refClass.answer);
  const probe = pick.fact ? factProbe(pick.fact, rule.text) : probeOf(op, input, refClass.answer);
  const accepted = refClass.answer.startsWith("{") && (JSON.parse(refClass.answer) as { accepted?: unknown }).accepted === true;
  const expectation = refClass.answer.startsWith("error ")
    ? { expected_error: { reason: refClass.answer.slice("error ".length) } }
    : { expected: expectedOf(op, refClass.answer, outcome.results.get(refName)) };
  const agree = options.others.length > 0 ? `. ${agreement(outcome.classes, refName, [...outcome.results.keys()])}` : "";
  return {
    id: allocateId(options.suite, pick.group, probe.slug, taken, input, inputs),
    description: visibleText(sentence(`${probe.summary}${agree}`)),
    ...citedFields(
      ruleReference(options.corpus, op, options.suite, { ...(rule.reason ? { reason: rule.reason } : {}), accepted }, nearOf(pick)),
    ),
    tier: options.tier,
    op,
    input,
    ...expectation,
    provenance: { source: "generated", by: options.command, seed: options.seed, replay_path: pick.replay },
  };
}

/**
 * The expected value: the keys the answer compares (a verdict's top-level detail is evidence, left
 * out), each with the reference's whole value (a nested diagnostic's detail is compared, kept).
 */
function expectedOf(op: string, answer: string, result: CallResult | undefined): unknown {
  const compared = JSON.parse(answer) as unknown;
  // JSON-text fields (a wire op's meta) as the answer reads them: parsed.
  const output = result?.kind === "ok" ? (parseJsonStringFields(op, result.output).output as unknown) : undefined;
  const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isMap(compared) || !isMap(output)) return compared;
  return Object.fromEntries(Object.entries(output).filter(([k]) => Object.hasOwn(compared, k)));
}

/** Prose ends with a full stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The group, and for a family case the field it changes and the base's config type. */
function nearOf(pick: Candidate): RuleNear {
  return pick.fact ? { group: pick.group, field: pick.fact.path.at(-1)!, type: pick.fact.base } : { group: pick.group };
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
