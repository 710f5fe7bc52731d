/**
 * The one report model every view (console, Markdown, and later JUnit and HTML) is rendered from.
 * Counts in `summary` are derived from `cases` by `summarize`, never kept by hand.
 */
import type { Provenance, SpecRef, Tier } from "../corpus/types.ts";
import type { Difference } from "../diff/compare.ts";
import type { FinalStatus } from "../expectations/apply-expectations.ts";
import type { Gap } from "../expectations/load-expectations.ts";
import type { CallResult, Handshake, ImplementationStats, Transcript } from "../impl/types.ts";
import { CASE_STATUSES, type CaseStatus } from "../run/evaluate.ts";

export const REPORT_SCHEMA_VERSION = 1;

export interface CaseRecord {
  readonly vector_id: string;
  readonly suite: string;
  readonly op: string;
  readonly tier: Tier;
  readonly implementation: string;
  /** After expectations: a listed failure is a known_gap, a listed case that passes is stale. */
  readonly status: FinalStatus;
  /** The judgement of the answer alone. */
  readonly raw_status: CaseStatus;
  readonly gap?: Gap;
  readonly result: CallResult;
  readonly diffs: readonly Difference[];
  readonly note?: string;
  readonly duration_ms: number;
  readonly attempts: number;
  readonly transcript: Transcript;
  readonly content_hash: string;
}

export interface VectorRecord {
  readonly id: string;
  readonly suite: string;
  readonly description: string;
  readonly op: string;
  readonly tier: Tier;
  readonly spec: SpecRef;
  readonly provenance: Provenance;
  readonly input: unknown;
  readonly expected?: unknown;
  readonly expected_error?: { readonly reason: string };
  readonly needs?: string;
  readonly source: { readonly file: string; readonly line: number };
  readonly content_hash: string;
}

export interface ImplementationRecord {
  readonly name: string;
  readonly handshake: Handshake;
  readonly transport: "in-process" | "subprocess";
  readonly stats: ImplementationStats;
  /** The expectations file applied, and listed ids that name no vector in the corpus. */
  readonly expectations?: { readonly file: string; readonly gaps: number; readonly orphans: readonly string[] };
}

export const STATUSES = [...CASE_STATUSES, "known_gap", "stale"] as const satisfies readonly FinalStatus[];

export type Counts = Record<FinalStatus, number> & { total: number };

export interface Summary {
  readonly overall: Counts;
  readonly by_implementation: Record<string, Counts>;
  readonly by_suite: Record<string, Record<string, Counts>>;
}

export interface Report {
  readonly schema_version: number;
  readonly run_id: string;
  readonly started_at: string;
  readonly finished_at: string;
  readonly environment: { readonly node: string; readonly platform: string; readonly arch: string; readonly kit_version: string };
  readonly corpus: { readonly roots: readonly string[]; readonly suites: ReadonlyArray<{ name: string; title: string; vectors: number }> };
  readonly implementations: readonly ImplementationRecord[];
  readonly vectors: readonly VectorRecord[];
  readonly cases: readonly CaseRecord[];
  readonly summary: Summary;
  /** Set when the run was interrupted: the cases above are what ran; these did not. */
  readonly incomplete?: {
    readonly reason: string;
    readonly not_run: ReadonlyArray<{ readonly implementation: string; readonly vector_id: string }>;
  };
}

export function emptyCounts(): Counts {
  return Object.fromEntries([["total", 0], ...STATUSES.map((s) => [s, 0])]) as Counts;
}

/** Statuses that count against an implementation: new wrong answers, faults and stale gaps. */
export const FAILING_STATUSES: ReadonlySet<FinalStatus> = new Set<FinalStatus>(["fail", "stale", "crash", "timeout", "protocol_error"]);

export function isFailing(status: FinalStatus): boolean {
  return FAILING_STATUSES.has(status);
}

export function failedCount(c: Counts): number {
  return [...FAILING_STATUSES].reduce((n, s) => n + c[s], 0);
}

/** Not judged against an expected value. */
export function skippedCount(c: Counts): number {
  return c.unsupported + c.observed;
}

export function summarize(cases: readonly CaseRecord[]): Summary {
  const overall = emptyCounts();
  const byImpl: Record<string, Counts> = {};
  const bySuite: Record<string, Record<string, Counts>> = {};
  for (const c of cases) {
    for (const counts of [
      overall,
      (byImpl[c.implementation] ??= emptyCounts()),
      ((bySuite[c.suite] ??= {})[c.implementation] ??= emptyCounts()),
    ]) {
      counts.total++;
      counts[c.status]++;
    }
  }
  return { overall, by_implementation: byImpl, by_suite: bySuite };
}
