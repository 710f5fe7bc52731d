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
import { VectorPositions } from "./vector-positions.ts";

/**
 * Per vector, each distinct answer and who gave it. Its list does not depend on the order cases came
 * in (the run adds them as they complete): vectors in the order given (others after, as first seen),
 * answers and the implementations giving them in the implementations' order.
 *
 * Kept by vector position, in arrays, not an object per vector: while the slowest implementation
 * is still at the start of a 100k-vector corpus the others have answered all of it, and each
 * vector waits with its first answer (about 430 bytes each as objects, 130 as arrays).
 */
export class AnswerGroups {
  private readonly positions: VectorPositions;
  /** Vectors outside the order given, as first seen (their positions follow the order's). */
  private readonly extraIds: string[] = [];
  private readonly extraPositions = new Map<string, number>();
  /** The first answer's key, flat (see `flat`); null once every implementation gave it (nothing more to keep). */
  private readonly firsts: Array<string | null | undefined>;
  /** Who gave the first answer: an implementation's number, or several. */
  private readonly firstBy: Array<number | number[] | undefined>;
  /** The other answers and who gave them, and the tier the last case carried, for the few vectors that get any. */
  private readonly others = new Map<number, { tier: CaseRecord["tier"]; readonly groups: Map<string, string[]> }>();
  private readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();

  /**
   * `implementations`, when known (a run), lets a vector every implementation answered alike drop
   * its answer: it can no longer become a disagreement, and a large corpus would otherwise keep one
   * answer per vector until the end.
   */
  constructor(
    vectorOrder: readonly string[] | VectorPositions = [],
    private readonly implementations?: number,
  ) {
    this.positions = vectorOrder instanceof VectorPositions ? vectorOrder : VectorPositions.ofIds(vectorOrder);
    const n = this.positions.length;
    // A vector no case reaches stays without answers.
    this.firsts = new Array<string | null | undefined>(n).fill(undefined);
    this.firstBy = new Array<number | number[] | undefined>(n).fill(undefined);
  }

  add(c: Pick<CaseRecord, "vector_id" | "tier" | "implementation" | "op" | "result" | "compared">): void {
    const key = c.compared !== undefined ? canonicalJson(c.compared) : answerKey(c.op, c.result);
    const at = this.positionOf(c.vector_id);
    const first = this.firsts[at];
    if (first === null) return;
    const other = this.others.get(at);
    if (other !== undefined) other.tier = c.tier;
    if (key === null) return;
    if (first === undefined || first === key) {
      if (first === undefined) this.firsts[at] = flat(key);
      const by = this.numberOf(c.implementation);
      const was = this.firstBy[at];
      let now: number | number[];
      if (was === undefined) now = by;
      else if (typeof was === "number") now = [was, by];
      else {
        was.push(by);
        now = was;
      }
      this.firstBy[at] = now;
      const count = typeof now === "number" ? 1 : now.length;
      if (count === this.implementations && other === undefined) {
        this.firsts[at] = null;
        this.firstBy[at] = undefined;
      }
      return;
    }
    let groups = other?.groups;
    if (groups === undefined) this.others.set(at, { tier: c.tier, groups: (groups = new Map()) });
    const group = groups.get(key);
    if (group) group.push(c.implementation);
    else groups.set(key, [c.implementation]);
  }

  /** Vectors on which implementations gave different answers (the only comparison for observe vectors). */
  disagreements(implementationOrder: readonly string[]): Disagreement[] {
    const rank = new Map(implementationOrder.map((name, i) => [name, i]));
    const byRank = (a: string, b: string) =>
      (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER) || (a < b ? -1 : a > b ? 1 : 0);
    const out: Disagreement[] = [];
    const order = this.positions.length;
    // Only vectors with a second answer can disagree; positions ascending keep the vectors' order.
    for (const at of [...this.others.keys()].sort((a, b) => a - b)) {
      const first = this.firsts[at];
      if (typeof first !== "string") continue;
      const { tier, groups } = this.others.get(at)!;
      const by = this.firstBy[at]!;
      const firstBy = (typeof by === "number" ? [by] : by).map((i) => this.names[i]!);
      const listed = [[first, firstBy] as const, ...groups].map(([answer, implementations]) => ({
        answer,
        implementations: [...implementations].sort(byRank),
      }));
      listed.sort((a, b) => byRank(a.implementations[0]!, b.implementations[0]!));
      const vector_id = at < order ? this.positions.idAt(at) : this.extraIds[at - order]!;
      out.push({ vector_id, tier, groups: listed });
    }
    return out;
  }

  private positionOf(id: string): number {
    const at = this.positions.of(id) ?? this.extraPositions.get(id);
    if (at !== undefined) return at;
    const added = this.positions.length + this.extraIds.length;
    this.extraIds.push(id);
    this.extraPositions.set(id, added);
    this.firsts.push(undefined);
    this.firstBy.push(undefined);
    return added;
  }

  private numberOf(implementation: string): number {
    let n = this.numbers.get(implementation);
    if (n === undefined) {
      n = this.names.push(implementation) - 1;
      this.numbers.set(implementation, n);
    }
    return n;
  }
}

/**
 * A key as one flat string. Canonical JSON is built by concatenation, which V8 keeps as a tree of
 * pieces (about 30 bytes each) until the string is read whole; a key held until the slowest
 * implementation answers is worth copying once.
 */
function flat(key: string): string {
  return Buffer.from(key, "utf8").toString("utf8");
}

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
