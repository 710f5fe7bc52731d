/**
 * Shrunk disagreements as candidate vectors: corpus-format files, one per suite, ready for review.
 * A candidate is `observe` tier (no expected value): deciding what the spec requires, and so the
 * tier and expected value, is the reviewer's call when promoting it into the corpus. Its id is
 * `<suite>/<group>/<what it probes>` and its description says what the input probes and who says
 * what; `spec.note` marks it as awaiting review until someone checks the section.
 */

import { type VectorFileToWrite, type VectorToWrite, visibleText } from "../corpus/vector-file-text.ts";
import type { Corpus, SpecRef, Vector } from "../model/vector.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import type { FuzzGroup } from "./fuzz-run.ts";
import { answerWords, probeOf, slugify } from "./probe.ts";
import { citedRule } from "./rule-reference.ts";
import { firstDifference, valueSlug } from "./value-slug.ts";

/** The group segment of candidate ids when none is given. */
export const DEFAULT_FUZZ_GROUP = "fuzz";

/** A group segment of an id: what the vector-file schema allows between two slashes. */
export const GROUP_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/** The `spec.note` of every candidate: the visible placeholder promotion replaces. */
export function reviewNote(what: string): string {
  return `awaits review: ${what}; cite the rule this input checks and decide tier and expected value from the spec text`;
}

/** The suite that owns an operation (the first authored one listing it) and a spec ref to start from. */
export function homeOf(corpus: Corpus, op: string, suiteName?: string): { suite: string; spec: SpecRef } {
  const suite = corpus.suites.find((s) => !s.name.startsWith("upstream-") && s.ops.includes(op) && (suiteName ?? s.name) === s.name);
  if (!suite) throw new Error(`no suite in the corpus lists operation ${op}`);
  const spec = suite.vectors.find((v) => v.op === op)?.spec ?? { file: "a2c-smcp-protocol:docs/specification", section: op };
  return { suite: suite.name, spec: { file: spec.file, section: spec.section } };
}

/**
 * Ids `<suite>/<group>/<slug>` that collide with nothing taken (the corpus, the target file, the
 * batch itself): a slug is used as it is; a repeat says what tells it from the input holding the
 * slug (`accepted-empty-alias-null`, from `inputs`: id to input), and only when nothing does gets
 * `-2`, `-3`, … Taken ids are added, and the input under its id.
 */
export function allocateId(
  suite: string,
  group: string,
  slug: string,
  taken: Set<string>,
  input?: unknown,
  inputs?: Map<string, unknown>,
): string {
  const base = `${suite}/${group}/${slug}`;
  const holder = inputs?.get(base);
  const difference = taken.has(base) && holder !== undefined ? firstDifference(input, holder) : undefined;
  const feature = difference ? `${slugify(difference.key.replace(/_/g, "-")) || "value"}-${valueSlug(difference.value)}` : "";
  const stem = difference ? `${base}-${feature.slice(0, 40).replace(/[-._]+$/, "")}` : base;
  let id = stem;
  for (let n = 2; taken.has(id); n++) id = `${stem}-${n}`;
  taken.add(id);
  if (inputs !== undefined && input !== undefined) inputs.set(id, input);
  return id;
}

/** Each corpus vector's input by id (where `allocateId` looks for what tells a repeat apart). */
export function inputsById(corpus: Corpus): Map<string, unknown> {
  return new Map(corpus.suites.flatMap((s) => s.vectors.map((v) => [v.id, v.input] as const)));
}

/** What else marks the rule besides its reason: the group, the field the input changes, the config's type. */
export interface RuleNear {
  readonly group: string;
  readonly field?: string;
  readonly type?: string;
}

/**
 * The spec ref of the rule that fired: the section of a corpus vector of the same operation whose
 * expected answer names the same reason (for an accepted input: an accepting vector), preferring
 * one of the same group, then one naming the same field in its id, then one of the same config
 * type and suite; the note names the vector it came from. With no such vector, the suite's first
 * vector of the operation, and the note says so.
 */
/**
 * The spec ref of the rule that fired, with a versioned file and the `covers:`
 * candidates the reviewer picks from (rule-reference.ts).
 */
export function ruleReference(
  corpus: Corpus,
  op: string,
  suite: string,
  rule: { reason?: string; accepted?: boolean },
  near: RuleNear,
): { spec: SpecRef; covers: string[] } {
  const { spec, same } = ruleSpec(corpus, op, suite, rule, near);
  return citedRule(corpus, spec, same);
}

function ruleSpec(
  corpus: Corpus,
  op: string,
  suite: string,
  rule: { reason?: string; accepted?: boolean },
  near: RuleNear,
): { spec: SpecRef; same: Vector[] } {
  const home = homeOf(corpus, op, suite);
  const field = near.field === undefined ? undefined : slugify(near.field.replace(/_/g, "-"));
  const scored = corpus.suites
    .filter((s) => !s.name.startsWith("upstream-"))
    .flatMap((s) => s.vectors.filter((v) => v.op === op))
    .map((v) => {
      const out = (v.expected ?? null) as { accepted?: unknown; reason?: unknown } | null;
      const reason = v.expected_error?.reason ?? (typeof out?.reason === "string" ? out.reason : undefined);
      const same = rule.reason !== undefined ? reason === rule.reason : rule.accepted === true && out?.accepted === true;
      const config = (v.input as { config?: { type?: unknown } }).config;
      const score =
        (v.id.split("/")[1] === near.group ? 8 : 0) +
        (field !== undefined && v.id.split("/").at(-1)!.includes(field) ? 4 : 0) +
        (near.type !== undefined && config?.type === near.type ? 2 : 0) +
        (v.id.startsWith(`${suite}/`) ? 1 : 0);
      return { v, same, score };
    })
    .filter((x) => x.same)
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.v;
  if (!best)
    return {
      spec: { ...home.spec, note: reviewNote(`no corpus vector checks this rule yet; section copied from the suite's first ${op} vector`) },
      same: [],
    };
  const what = rule.reason ?? "accepted";
  return {
    spec: {
      file: best.spec.file,
      section: best.spec.section,
      note: reviewNote(`section from ${best.id}, which checks the same rule (${what})`),
    },
    // The vectors of the best one's section first: their covers are the likeliest candidates.
    same: scored.filter((x) => x.v.spec.section === best.spec.section).map((x) => x.v),
  };
}

/** `spec` and, when there are candidates, `covers` of a vector to write. */
export function citedFields(cited: { spec: SpecRef; covers: readonly string[] }): Pick<VectorToWrite, "spec" | "covers"> {
  return { spec: cited.spec, ...(cited.covers.length > 0 ? { covers: cited.covers } : {}) };
}

/** "python says {…}; reference, rust say {…}" */
export function describeClasses(group: Pick<FuzzGroup, "classes">): string {
  return group.classes
    .map((c) => `${c.implementations.join(", ")} ${c.implementations.length === 1 ? "says" : "say"} ${c.answer}`)
    .join("; ");
}

/** Every input the corpus holds, by operation and canonical input, to the id of the vector holding it. */
export function corpusInputs(corpus: Corpus): Map<string, string> {
  return new Map(corpus.suites.flatMap((s) => s.vectors.map((v) => [inputKey(v.op, v.input), v.id] as const)));
}

/** Operation and input as one comparable text: key order and spacing never make two inputs differ. */
export function inputKey(op: string, input: unknown): string {
  return `${op}\u0000${canonicalJson(input)}`;
}

/** Every id the corpus holds. */
export function corpusIds(corpus: Corpus): Set<string> {
  return new Set(corpus.suites.flatMap((s) => s.vectors.map((v) => v.id)));
}

/** The groups whose shrunk input a corpus vector (or `held`, e.g. a target file) already holds: vector id by group. */
export function alreadyInCorpus(
  corpus: Corpus,
  groups: readonly FuzzGroup[],
  held: ReadonlyMap<string, string> = new Map(),
): ReadonlyMap<FuzzGroup, string> {
  const inputs = corpusInputs(corpus);
  return new Map(
    groups.flatMap((g) => {
      const key = inputKey(g.op, g.input);
      const id = inputs.get(key) ?? held.get(key);
      return id === undefined ? [] : [[g, id] as const];
    }),
  );
}

export interface CandidateOptions {
  /** The id segment after the suite. */
  readonly group?: string;
  /** The implementation whose answer names the rule the input probes (the reference). */
  readonly pivot?: string;
  /** Ids besides the corpus's that a candidate must not take (a target file's). */
  readonly takenIds?: ReadonlySet<string>;
  /** Inputs besides the corpus's that are never offered again (a target file's), by `inputKey`. */
  readonly heldInputs?: ReadonlyMap<string, string>;
}

/** Candidate files, one per suite; an input the corpus (or `heldInputs`) already holds, or one offered before in the batch, is never a candidate. */
export function candidateFiles(
  corpus: Corpus,
  groups: readonly FuzzGroup[],
  command: string,
  options: CandidateOptions = {},
): VectorFileToWrite[] {
  const bySuite = new Map<string, VectorToWrite[]>();
  const held = new Map([...(options.heldInputs ?? []), ...corpusInputs(corpus)]);
  const taken = new Set([...corpusIds(corpus), ...(options.takenIds ?? [])]);
  const pivot = options.pivot ?? "reference";
  const inputs = inputsById(corpus);
  const name = options.group ?? DEFAULT_FUZZ_GROUP;
  for (const group of groups) {
    const key = inputKey(group.op, group.input);
    if (held.has(key)) continue;
    const home = homeOf(corpus, group.op);
    const answer = group.classes.find((c) => c.implementations.includes(pivot))?.answer;
    const probe = probeOf(group.op, group.input, answer);
    const rule = answerWords(answer);
    const accepted = rule.slug === "accepted";
    const vector: VectorToWrite = {
      id: allocateId(home.suite, name, probe.slug, taken, group.input, inputs),
      description: visibleText(`${probe.summary}. Implementations differ: ${describeClasses(group)}`),
      ...citedFields(
        ruleReference(corpus, group.op, home.suite, { ...(rule.reason ? { reason: rule.reason } : {}), accepted }, { group: name }),
      ),
      tier: "observe",
      op: group.op,
      input: group.input,
      provenance: { source: "fuzz", by: command, seed: group.seed, replay_path: group.path },
    };
    held.set(key, vector.id);
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
