/**
 * For validation verdicts, agreement with the expected verdict counted two ways, per
 * implementation: on accept / reject alone, and on accept / reject plus the reason. An SDK can
 * reject the right configs for the wrong reason; these counts show how often.
 */
import type { Report } from "./model.ts";

export interface VerdictAgreement {
  /** Judged cases whose expected value is a verdict and whose answer is one. */
  readonly verdicts: number;
  readonly accept_agree: number;
  readonly reason_agree: number;
}

type Verdictish = { accepted?: unknown; reason?: unknown };

const isVerdict = (v: unknown): v is Verdictish => typeof v === "object" && v !== null && "accepted" in v && "reason" in v;

export function verdictAgreement(report: Report): Record<string, VerdictAgreement> {
  const expected = new Map(
    report.vectors.filter((v) => v.tier !== "observe" && isVerdict(v.expected)).map((v) => [v.id, v.expected as Verdictish]),
  );
  const out: Record<string, { verdicts: number; accept_agree: number; reason_agree: number }> = {};
  for (const c of report.cases) {
    const want = expected.get(c.vector_id);
    if (!want || c.result.kind !== "ok" || !isVerdict(c.result.output)) continue;
    const got = c.result.output;
    const entry = (out[c.implementation] ??= { verdicts: 0, accept_agree: 0, reason_agree: 0 });
    entry.verdicts++;
    if (got.accepted === want.accepted) {
      entry.accept_agree++;
      if (got.reason === want.reason) entry.reason_agree++;
    }
  }
  return out;
}
