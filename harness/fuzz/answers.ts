/**
 * What a set of implementations said about one generated input, reduced to comparable classes:
 * implementations whose answers say the same thing (evidence such as raw SDK messages left out)
 * share a class. A fault (crash, timeout, protocol error) is a class of its own; `unsupported`
 * says nothing and is left out.
 */
import { answerKey } from "../model/answer-key.ts";
import type { CallResult, Implementation } from "../model/implementation.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import { LIVE_FUZZ_OPS } from "./live-scenes.ts";

export interface AnswerClass {
  /** Canonical text of what these implementations said. */
  readonly answer: string;
  readonly implementations: readonly string[];
}

export interface Outcome {
  readonly classes: readonly AnswerClass[];
  /** Each implementation's full result, as evidence for the candidate vector. */
  readonly results: ReadonlyMap<string, CallResult>;
}

/**
 * What an answer says. A live operation's fuzz answer is what withLiveScenes derived from the
 * scene's record (live-scenes.ts), not the adapter's output: it is compared whole.
 */
function fuzzAnswerKey(op: string, result: CallResult): string | null {
  return LIVE_FUZZ_OPS.has(op) && result.kind === "ok" ? canonicalJson(result.output) : answerKey(op, result);
}

export function classify(op: string, results: ReadonlyMap<string, CallResult>): AnswerClass[] {
  const same = identicalOutputs(results);
  if (same !== null) return [{ answer: fuzzAnswerKey(op, same)!, implementations: [...results.keys()] }];
  const byAnswer = new Map<string, string[]>();
  for (const [name, result] of results) {
    const key =
      result.kind === "crash" || result.kind === "timeout" || result.kind === "protocol_error"
        ? `fault ${result.kind}`
        : fuzzAnswerKey(op, result);
    if (key === null) continue;
    const list = byAnswer.get(key);
    if (list) list.push(name);
    else byAnswer.set(key, [name]);
  }
  return [...byAnswer].map(([answer, implementations]) => ({ answer, implementations }));
}

/**
 * The common case on the hot path: every implementation returned the very same output, byte for
 * byte once serialised. Then they agree without building canonical keys (a third of the
 * harness's time when fuzzing agreeing implementations). Null when any differs in any way.
 */
function identicalOutputs(results: ReadonlyMap<string, CallResult>): CallResult | null {
  let first: CallResult | undefined;
  let text: string | undefined;
  for (const result of results.values()) {
    if (result.kind !== "ok") return null;
    const serialised = JSON.stringify(result.output);
    if (first === undefined) {
      first = result;
      text = serialised;
    } else if (serialised !== text) return null;
  }
  return first ?? null;
}

/** Asks every implementation (each pipelines its own calls) and classifies the answers. */
export async function ask(op: string, input: Record<string, unknown>, implementations: readonly Implementation[]): Promise<Outcome> {
  const answers = await Promise.all(implementations.map((impl) => impl.call(op, input)));
  const results = new Map(implementations.map((impl, i) => [impl.name, answers[i]!.result]));
  return { classes: classify(op, results), results };
}

/**
 * Which implementations side together, independent of the exact answers: the shape of a
 * disagreement (e.g. `python | reference,rust`), as candidate vectors describe it.
 */
export function partition(classes: readonly AnswerClass[]): string {
  return classes
    .map((c) => [...c.implementations].sort().join(","))
    .sort()
    .join(" | ");
}

/**
 * The kind of a disagreement: per class a coarse answer (accepted, a verdict or error reason, a
 * fault, or "output"), and for plain outputs the top-level keys that differ. Cases of one kind
 * are very likely one root cause; shrinking keeps the kind, and their shrunk forms are grouped under it.
 */
export function signature(op: string, classes: readonly AnswerClass[]): string {
  const parsed = classes.map((c) => parseAnswer(c.answer));
  const differing = differingKeys(parsed);
  const kinds = classes
    .map((c, i) => `${[...c.implementations].sort().join(",")}=${coarse(c.answer, parsed[i])}`)
    .sort()
    .join(" | ");
  return `${op} ${kinds}${differing ? ` at ${differing}` : ""}`;
}

function parseAnswer(answer: string): unknown {
  if (answer.startsWith("fault ") || answer.startsWith("error ")) return undefined;
  try {
    return JSON.parse(answer);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function coarse(answer: string, parsed: unknown): string {
  if (parsed === undefined) return answer;
  if (isRecord(parsed) && "accepted" in parsed)
    return parsed.accepted ? "accepted" : typeof parsed.reason === "string" ? `rejected ${parsed.reason}` : "rejected";
  return "output";
}

/** For plain outputs only: the top-level keys whose values are not the same in every class. */
function differingKeys(parsed: readonly unknown[]): string {
  if (!parsed.every((p) => isRecord(p) && !("accepted" in p))) return "";
  const records = parsed as Array<Record<string, unknown>>;
  const keys = [...new Set(records.flatMap(Object.keys))].sort();
  return keys
    .filter((k) => new Set(records.map((r) => JSON.stringify(r[k]))).size > 1)
    .map((k) => `/${k}`)
    .join(",");
}

/**
 * One implementation's side of a disagreement, against a pivot (the reference): the kind of
 * disagreement its fuzz baseline lists, whatever other implementations ran beside it. Null when
 * the implementation sides with the pivot, or either said nothing comparable (unsupported).
 */
export function kindAgainst(op: string, classes: readonly AnswerClass[], pivot: string, implementation: string): string | null {
  const pivotClass = classes.find((c) => c.implementations.includes(pivot));
  const ownClass = classes.find((c) => c.implementations.includes(implementation));
  if (!pivotClass || !ownClass || pivotClass === ownClass) return null;
  return signature(op, [
    { answer: pivotClass.answer, implementations: [pivot] },
    { answer: ownClass.answer, implementations: [implementation] },
  ]);
}

/**
 * Every kind of an implementation's disagreement with the pivot. A live operation's answer holds
 * one key per kind of change (live-scenes.ts relayAnswer), so each key where the two differ is a
 * kind of its own: a scene that shows three root causes counts toward three kinds, never toward
 * one kind per combination. Any other operation has at most one (kindAgainst).
 */
export function kindsAgainst(op: string, classes: readonly AnswerClass[], pivot: string, implementation: string): string[] {
  const whole = kindAgainst(op, classes, pivot, implementation);
  if (whole === null || !LIVE_FUZZ_OPS.has(op)) return whole === null ? [] : [whole];
  const pivotAnswer = parseAnswer(classes.find((c) => c.implementations.includes(pivot))!.answer);
  const ownAnswer = parseAnswer(classes.find((c) => c.implementations.includes(implementation))!.answer);
  if (!isRecord(pivotAnswer) || !isRecord(ownAnswer)) return [whole];
  const keys = [...new Set([...Object.keys(pivotAnswer), ...Object.keys(ownAnswer)])].sort();
  const side = (answer: Record<string, unknown>, key: string) => (key in answer ? "shows" : "shows nothing");
  return keys
    .filter((k) => JSON.stringify(pivotAnswer[k]) !== JSON.stringify(ownAnswer[k]))
    .map((k) => `${op} ${implementation} ${side(ownAnswer, k)} | ${pivot} ${side(pivotAnswer, k)} at ${k}`);
}

/**
 * The shrink targets of a live operation's outcome: every kind any implementation shows against
 * the pivot (kindsAgainst), so each root cause is explored, shrunk and grouped on its own instead
 * of once per combination of causes a scene happened to draw.
 */
export function liveKinds(op: string, classes: readonly AnswerClass[], pivot: string): string[] {
  const names = classes.flatMap((c) => c.implementations).filter((name) => name !== pivot);
  return [...new Set(names.flatMap((name) => kindsAgainst(op, classes, pivot, name)))].sort();
}

/** What exploration groups and shrinking keeps: per kind for a live operation with a pivot, else the whole signature. */
export function shrinkTargets(op: string, classes: readonly AnswerClass[], pivot: string | undefined): string[] {
  if (pivot !== undefined && LIVE_FUZZ_OPS.has(op) && classes.some((c) => c.implementations.includes(pivot))) {
    const kinds = liveKinds(op, classes, pivot);
    if (kinds.length > 0) return kinds;
  }
  return [signature(op, classes)];
}

/** One key per implementation and kind. */
export function kindKey(implementation: string, kind: string): string {
  return `${implementation}\u0000${kind}`;
}

/** The implementation pairs that disagree in this outcome, as `a~b` with a < b. */
export function disagreeingPairs(classes: readonly AnswerClass[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < classes.length; i++)
    for (let j = i + 1; j < classes.length; j++)
      for (const a of classes[i]!.implementations)
        for (const b of classes[j]!.implementations) pairs.push(a < b ? `${a}~${b}` : `${b}~${a}`);
  return pairs;
}

/** The operation a kind is about (its first word). */
export function opOfKind(kind: string): string {
  return kind.split(" ", 1)[0]!;
}
