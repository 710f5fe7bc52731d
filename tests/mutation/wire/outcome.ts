/**
 * What one run of the live suites says about a mutant. Killed: a must or should vector failed (or the
 * run failed for another reason its verdict names). Killed at load: the run ended before any case
 * ran (the mutant broke a module the harness imports). Killed by error: the run started cases and
 * then ended by an internal error. Timeout: the run outlived its box and was stopped. Survived:
 * the run passed. A flaky case (failed, then passed alone) is no failure, as in any run, but is kept.
 */

export const OUTCOMES = ["killed", "killed_at_load", "killed_by_error", "timeout", "survived"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The part of report.json this reads. */
export interface RunReport {
  readonly cases: ReadonlyArray<{ readonly vector_id: string; readonly tier: string; readonly status: string }>;
  readonly verdict: { readonly status: string; readonly failures: ReadonlyArray<{ readonly kind: string; readonly message: string }> };
  readonly incomplete?: { readonly reason: string; readonly detail?: string };
}

export interface Judged {
  readonly outcome: Outcome;
  /** The must / should vectors that failed, sorted. */
  readonly failing: readonly string[];
  /** Vectors whose first attempt failed and whose retry passed. */
  readonly flaky: readonly string[];
  readonly detail?: string;
}

/** The kit's failing statuses (harness/model/status.ts FAILING_STATUSES): wrong answers, faults, stale gaps. */
const FAILING = new Set(["fail", "crash", "timeout", "protocol_error", "stale"]);
const JUDGED_TIERS = new Set(["must", "should"]);

export function judgeRun(run: {
  readonly exit: number | null;
  readonly timedOut: boolean;
  readonly report: RunReport | undefined;
  readonly stderrTail: string;
}): Judged {
  const cases = run.report?.cases ?? [];
  const failing = [...new Set(cases.filter((c) => JUDGED_TIERS.has(c.tier) && FAILING.has(c.status)).map((c) => c.vector_id))].sort();
  const flaky = [...new Set(cases.filter((c) => c.status === "flaky").map((c) => c.vector_id))].sort();
  const tail = run.stderrTail.trim().split("\n").slice(-3).join(" | ");
  if (run.timedOut) return { outcome: "timeout", failing, flaky, detail: "the run outlived its box and was stopped" };
  if (cases.length === 0) return { outcome: "killed_at_load", failing, flaky, detail: tail || `exit ${run.exit}` };
  if (run.report?.incomplete)
    return { outcome: "killed_by_error", failing, flaky, detail: `${run.report.incomplete.reason}: ${run.report.incomplete.detail ?? ""}` };
  if (failing.length > 0) return { outcome: "killed", failing, flaky };
  if (run.exit !== 0 || run.report?.verdict.status !== "pass") {
    const why = run.report?.verdict.failures.map((f) => `${f.kind}: ${f.message}`).join("; ");
    return { outcome: "killed", failing, flaky, detail: why || tail || `exit ${run.exit}` };
  }
  return { outcome: "survived", failing, flaky };
}
