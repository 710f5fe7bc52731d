/**
 * Facts about a run that several views show, computed once when the report is built and carried
 * in it: where implementations disagree with each other, and how often verdicts agree with the
 * expected verdict (on accept/reject alone, and with the reason too).
 */

import { canonicalJson } from "../util/canonical-json.ts";
import { record } from "../util/own.ts";
import { answerKey } from "./answer-key.ts";
import {
  type CaseRecord,
  type Disagreement,
  type Report,
  type ReportFacts,
  summarize,
  type VectorRecord,
  type VerdictAgreement,
} from "./report.ts";
import { conformanceStatements } from "./statement.ts";
import { runVerdict } from "./verdict.ts";

/** Vectors on which implementations gave different answers (the only comparison for observe vectors). */
export function disagreements(cases: readonly CaseRecord[]): Disagreement[] {
  const byVector = new Map<string, CaseRecord[]>();
  for (const c of cases) byVector.set(c.vector_id, [...(byVector.get(c.vector_id) ?? []), c]);
  const out: Disagreement[] = [];
  for (const [vectorId, list] of byVector) {
    const groups = new Map<string, string[]>();
    for (const c of list) {
      const key = c.compared !== undefined ? canonicalJson(c.compared) : answerKey(c.op, c.result);
      if (key !== null) groups.set(key, [...(groups.get(key) ?? []), c.implementation]);
    }
    if (groups.size > 1) {
      out.push({
        vector_id: vectorId,
        tier: list[0]!.tier,
        groups: [...groups].map(([answer, implementations]) => ({ answer, implementations })),
      });
    }
  }
  return out;
}

type Verdictish = { accepted?: unknown; reason?: unknown };
const isVerdict = (v: unknown): v is Verdictish => typeof v === "object" && v !== null && "accepted" in v && "reason" in v;

/** Per implementation: verdict answers that agree with the expected verdict on accept/reject, and on the reason too. */
export function verdictAgreement(vectors: readonly VectorRecord[], cases: readonly CaseRecord[]): Record<string, VerdictAgreement> {
  const expected = new Map(
    vectors.filter((v) => v.tier !== "observe" && isVerdict(v.expected)).map((v) => [v.id, v.expected as Verdictish]),
  );
  const out = record<{ verdicts: number; accept_agree: number; reason_agree: number }>();
  for (const c of cases) {
    const want = expected.get(c.vector_id);
    if (!want || c.result.kind !== "ok" || !isVerdict(c.result.output)) continue;
    const got = c.result.output;
    const entry = Object.hasOwn(out, c.implementation)
      ? out[c.implementation]!
      : (out[c.implementation] = { verdicts: 0, accept_agree: 0, reason_agree: 0 });
    entry.verdicts++;
    if (got.accepted === want.accepted) {
      entry.accept_agree++;
      if (got.reason === want.reason) entry.reason_agree++;
    }
  }
  return out;
}

export function reportFacts(vectors: readonly VectorRecord[], cases: readonly CaseRecord[]): ReportFacts {
  return { disagreements: disagreements(cases), verdict_agreement: verdictAgreement(vectors, cases) };
}

/** The report's derived parts (summary, facts, statements, verdict), recomputed from its vectors, cases and implementations. */
export function withDerived(report: Omit<Report, "summary" | "facts" | "verdict" | "statements">): Report {
  const summary = summarize(report.cases);
  const statements = conformanceStatements(report);
  return {
    ...report,
    summary,
    facts: reportFacts(report.vectors, report.cases),
    statements,
    verdict: runVerdict({ ...report, summary, statements }),
  };
}
