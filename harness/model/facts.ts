/**
 * Facts about a run that several views show, computed once when the report is built and carried
 * in it: where implementations disagree with each other, and how often verdicts agree with the
 * expected verdict (on accept/reject alone, and with the reason too). Both are kept case by case
 * (the report builder feeds them as cases complete); the array functions below feed a whole list.
 */

import { canonicalJson } from "../util/canonical-json.ts";
import { record } from "../util/own.ts";
import { answerKey } from "./answer-key.ts";
import type { CaseRecord, Disagreement, VectorRecord, VerdictAgreement } from "./report.ts";

/**
 * Per vector, each distinct answer and who gave it. Its list does not depend on the order cases came
 * in (the run adds them as they complete): vectors in the order given (others after, as first seen),
 * answers and the implementations giving them in the implementations' order.
 */
export class AnswerGroups {
  /** Per vector: the first answer and who gave it; the others only once a second answer comes (most vectors never get one). */
  private readonly byVector = new Map<string, AnswersOfVector>();

  /**
   * `implementations`, when known (a run), lets a vector every implementation answered alike drop
   * its answer: it can no longer become a disagreement, and a large corpus would otherwise keep one
   * answer per vector until the end.
   */
  constructor(
    vectorOrder: readonly string[] = [],
    private readonly implementations?: number,
  ) {
    // Entries made now keep the vectors' order; a vector no case reaches stays without answers.
    for (const id of vectorOrder) this.byVector.set(id, { tier: "observe", first: undefined, firstBy: [], others: undefined });
  }

  add(c: Pick<CaseRecord, "vector_id" | "tier" | "implementation" | "op" | "result" | "compared">): void {
    const key = c.compared !== undefined ? canonicalJson(c.compared) : answerKey(c.op, c.result);
    let entry = this.byVector.get(c.vector_id);
    if (entry === AGREED) return;
    if (entry === undefined) this.byVector.set(c.vector_id, (entry = { tier: c.tier, first: undefined, firstBy: [], others: undefined }));
    entry.tier = c.tier;
    if (key === null) return;
    if (entry.first === undefined || entry.first === key) {
      entry.first = key;
      entry.firstBy.push(c.implementation);
      if (entry.others === undefined && entry.firstBy.length === this.implementations) this.byVector.set(c.vector_id, AGREED);
      return;
    }
    entry.others ??= new Map();
    const group = entry.others.get(key);
    if (group) group.push(c.implementation);
    else entry.others.set(key, [c.implementation]);
  }

  /** Vectors on which implementations gave different answers (the only comparison for observe vectors). */
  disagreements(implementationOrder: readonly string[]): Disagreement[] {
    const rank = new Map(implementationOrder.map((name, i) => [name, i]));
    const byRank = (a: string, b: string) =>
      (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER) || (a < b ? -1 : a > b ? 1 : 0);
    const out: Disagreement[] = [];
    for (const [vector_id, { tier, first, firstBy, others }] of this.byVector) {
      if (first === undefined || others === undefined) continue;
      const listed = [[first, firstBy] as const, ...others].map(([answer, implementations]) => ({
        answer,
        implementations: [...implementations].sort(byRank),
      }));
      listed.sort((a, b) => byRank(a.implementations[0]!, b.implementations[0]!));
      out.push({ vector_id, tier, groups: listed });
    }
    return out;
  }
}

interface AnswersOfVector {
  tier: CaseRecord["tier"];
  first: string | undefined;
  readonly firstBy: string[];
  others: Map<string, string[]> | undefined;
}

/** The entry of a vector every implementation of the run answered alike (its place in the order kept). */
const AGREED: AnswersOfVector = Object.freeze({ tier: "observe", first: undefined, firstBy: [], others: undefined });

type Verdictish = { accepted?: unknown; reason?: unknown };
const isVerdict = (v: unknown): v is Verdictish => typeof v === "object" && v !== null && "accepted" in v && "reason" in v;

/** Per implementation: verdict answers that agree with the expected verdict on accept/reject, and on the reason too. */
export class VerdictTally {
  private readonly expected: Map<string, Verdictish>;
  private readonly tally = record<{ verdicts: number; accept_agree: number; reason_agree: number }>();

  constructor(vectors: ReadonlyArray<Pick<VectorRecord, "id" | "tier" | "expected">>) {
    this.expected = new Map(
      vectors.filter((v) => v.tier !== "observe" && isVerdict(v.expected)).map((v) => [v.id, v.expected as Verdictish]),
    );
  }

  add(c: Pick<CaseRecord, "vector_id" | "implementation" | "result">): void {
    const want = this.expected.get(c.vector_id);
    if (!want || c.result.kind !== "ok" || !isVerdict(c.result.output)) return;
    const got = c.result.output;
    const entry = Object.hasOwn(this.tally, c.implementation)
      ? this.tally[c.implementation]!
      : (this.tally[c.implementation] = { verdicts: 0, accept_agree: 0, reason_agree: 0 });
    entry.verdicts++;
    if (got.accepted === want.accepted) {
      entry.accept_agree++;
      if (got.reason === want.reason) entry.reason_agree++;
    }
  }

  agreement(): Record<string, VerdictAgreement> {
    const out = record<VerdictAgreement>();
    for (const [name, entry] of Object.entries(this.tally)) out[name] = { ...entry };
    return out;
  }
}

/** Over a list: vectors and implementations in the order the list first names them. */
export function disagreements(cases: readonly CaseRecord[]): Disagreement[] {
  const groups = new AnswerGroups();
  for (const c of cases) groups.add(c);
  return groups.disagreements([...new Set(cases.map((c) => c.implementation))]);
}

export function verdictAgreement(vectors: readonly VectorRecord[], cases: readonly CaseRecord[]): Record<string, VerdictAgreement> {
  const tally = new VerdictTally(vectors);
  for (const c of cases) tally.add(c);
  return tally.agreement();
}
