/**
 * Case statuses and their classes, defined once. A judged answer gets a CaseStatus; an
 * implementation's expectations turn it into a FinalStatus (known_gap, stale). Views, exit codes,
 * the audit and `--update-expectations` all read the classes from here.
 */

/**
 * pass/fail judge an answer; unsupported/observed are not judged; crash, timeout and protocol_error
 * are faults; not_applicable means the vector does not apply to the protocol version the
 * implementation is judged against (never sent, never a pass, never a failure).
 */
export const CASE_STATUSES = ["pass", "fail", "unsupported", "observed", "crash", "timeout", "protocol_error", "not_applicable"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/**
 * flaky: a live case whose first attempt failed (a box expired, an answer differed) and whose
 * retry, run alone after the others, passed: counted and listed, never a pass and never a failure.
 */
export type FinalStatus = CaseStatus | "known_gap" | "stale" | "flaky";
export const STATUSES = [...CASE_STATUSES, "known_gap", "stale", "flaky"] as const satisfies readonly FinalStatus[];

/** Faults the harness observed (the adapter crashed, hung or broke the protocol), not answers. */
export const FAULT_STATUSES = ["crash", "timeout", "protocol_error"] as const satisfies readonly CaseStatus[];
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** A raw status an expectations file may list: a wrong answer or a fault. */
export const GAP_STATUSES = ["fail", ...FAULT_STATUSES] as const satisfies readonly CaseStatus[];
export type GapStatus = (typeof GAP_STATUSES)[number];

/**
 * A raw status an expectations entry may name: a gap, or `unsupported` — a required operation the
 * SDK cannot be driven through, listed with its reason like any gap, so `partial` ("every required
 * MUST passes or is a listed gap") is within an SDK's reach. Never failing; never written by
 * --update-expectations (the reason is a person's).
 */
export const LISTED_STATUSES = [...GAP_STATUSES, "unsupported"] as const satisfies readonly CaseStatus[];
export type ListedStatus = (typeof LISTED_STATUSES)[number];

/** Final statuses that count against an implementation: new wrong answers, faults and stale gaps. */
export const FAILING_STATUSES = [...GAP_STATUSES, "stale"] as const satisfies readonly FinalStatus[];

/** Final statuses not judged against an expected value. */
export const SKIPPED_STATUSES = ["unsupported", "observed"] as const satisfies readonly FinalStatus[];

const failing: ReadonlySet<string> = new Set(FAILING_STATUSES);
const gapStatuses: ReadonlySet<string> = new Set(GAP_STATUSES);
const faults: ReadonlySet<string> = new Set(FAULT_STATUSES);

export function isFailing(status: FinalStatus): boolean {
  return failing.has(status);
}

/** A raw status that an expectations file can list as a known gap. */
export function isGapStatus(status: FinalStatus): status is GapStatus {
  return gapStatuses.has(status);
}

export function isFault(status: FinalStatus): status is FaultStatus {
  return faults.has(status);
}

/** One known gap of an implementation: the vector, the status it is expected to have, and why. */
export interface Gap {
  readonly id: string;
  readonly status: ListedStatus;
  readonly reason: string;
  /** Why the failure depends on timing (a race in the SDK): a pass is then a pass and a fail or timeout a known gap, never stale. */
  readonly intermittent?: string;
  /** The answer it is expected to give (gap-answer.ts); absent in an unpinned entry, which matches on status alone. */
  readonly answer?: string;
  /** Only for runs whose Computer scenes mounted their MCP servers this way (replacing an entry without it); absent: every run. */
  readonly mcp_transport?: "streamable_http" | "stdio";
  /** For an interop case: the role this implementation plays in it (interop.ts keys the case by it). */
  readonly role?: "agent" | "server" | "computer";
  /** For an interop case: the implementations in the other roles it fails with (any, when a role is omitted). */
  readonly with?: { readonly agent?: string; readonly server?: string; readonly computer?: string };
}

/** A listed case that fails as listed but gives another answer than the one pinned. */
export function answerChanged(raw: CaseStatus, gap: Gap | undefined, answer: string | undefined): boolean {
  return gap?.answer !== undefined && raw === gap.status && answer !== gap.answer;
}

/**
 * Applies a known gap to a judged case: a listed case that fails as listed (with the pinned answer,
 * when the entry pins one) is a known gap; a listed case that passes, fails differently or answers
 * something else is stale; an unlisted failure stays a failure. Pure, so the audit applies it the
 * same way.
 */
export function applyGap(raw: CaseStatus, gap: Gap | undefined, answer?: string): FinalStatus {
  if (!gap) return raw;
  if (raw === gap.status) return answerChanged(raw, gap, answer) ? "stale" : "known_gap";
  if (gap.intermittent !== undefined) {
    // A race lost or won: a pass is a pass, and the lost race may end at the adapter's time box instead.
    if (raw === "pass") return "pass";
    if (raw === "fail" || raw === "timeout") return "known_gap";
  }
  return raw === "unsupported" || raw === "observed" || raw === "not_applicable" ? raw : "stale";
}
