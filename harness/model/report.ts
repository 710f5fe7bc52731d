/**
 * The one report model every view (console, Markdown, JUnit, HTML, badges, annotations) is rendered
 * from. Counts in `summary` are derived from `cases` by `summarize`, never kept by hand.
 */

import { record } from "../util/own.ts";
import type { RevisionCoverage } from "./coverage.ts";
import type { Difference } from "./difference.ts";
import type { CallResult, Handshake, ImplementationStats, Transcript } from "./implementation.ts";
import type { InteropCase } from "./interop.ts";
import type { Role } from "./operations.ts";
import type { ProtocolChoice } from "./protocols.ts";
import type { ConformanceLevel, ConformanceStatement, CorpusRequired } from "./statement.ts";
import { type CaseStatus, FAILING_STATUSES, type FinalStatus, type Gap, isFault, SKIPPED_STATUSES, STATUSES } from "./status.ts";
import type { Provenance, SpecRef, Tier } from "./vector.ts";
import type { Verdict } from "./verdict.ts";

/**
 * The shape report.json has. 2: an interop case carries raw_status, status and gap (the case model
 * every case has) instead of cell, known and stale; `audit` reads only its own schema.
 */
export const REPORT_SCHEMA_VERSION = 2;

export interface Disagreement {
  readonly vector_id: string;
  readonly tier: CaseRecord["tier"];
  /** One entry per distinct answer: the implementations that gave it. */
  readonly groups: ReadonlyArray<{ readonly answer: string; readonly implementations: readonly string[] }>;
}

export interface VerdictAgreement {
  /** Judged cases whose expected value is a verdict and whose answer is one. */
  readonly verdicts: number;
  readonly accept_agree: number;
  readonly reason_agree: number;
}

export interface ReportFacts {
  readonly disagreements: readonly Disagreement[];
  readonly verdict_agreement: Readonly<Record<string, VerdictAgreement>>;
}

/**
 * The cases of a report: an array in a parsed report.json, the run's case store during a run
 * (run/case-store.ts). Read them through the helpers of case-list.ts.
 */
export interface CaseList extends Iterable<CaseRecord> {
  readonly length: number;
  /** The cases whose status is one of `statuses`, in order, reading no other record. */
  withStatus?(statuses: ReadonlySet<FinalStatus>): CaseRecord[];
  /** The cases the run retried, in order (a store keeps which they are). */
  retried?(): CaseRecord[];
  /** One implementation's cases, in order, reading no other implementation's records. */
  of?(implementation: string): Iterable<CaseRecord>;
  /** The cases of these vectors, in order, reading no other record. */
  ofVectors?(ids: ReadonlySet<string>): CaseRecord[];
  /** Each case's JSON text, in order (report.json copies them rather than re-encode each). */
  texts?(): Iterable<string>;
  /** Each case's vector, implementation and status, in order, parsing no record. */
  statuses?(): Iterable<StatusOfCase>;
}

/** What a case is without its evidence: whose, for which vector, with which status. */
export type StatusOfCase = Pick<CaseRecord, "vector_id" | "implementation" | "status">;

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
  /** What a failing answer says, as an expectations entry pins it (gap-answer.ts). */
  readonly answer?: string;
  readonly result: CallResult;
  readonly diffs: readonly Difference[];
  readonly note?: string;
  readonly duration_ms: number;
  readonly attempts: number;
  readonly transcript: Transcript;
  readonly content_hash: string;
  /**
   * A wire case: what its answer says for comparison across implementations, the Server's facts
   * derived from the recorded packets (values that differ per case by construction, such as the
   * acks' raw values, left out). Re-derived by `audit`.
   */
  readonly compared?: unknown;
  /**
   * A live case the run tried twice: its first attempt failed (a box expired, an answer differed) and
   * it was run again alone once the other cases had finished. The fields above are the retry's; the
   * status combines both (retry.ts: a retry that passes makes the case `flaky`).
   */
  readonly first_attempt?: FirstAttempt;
}

/** The first attempt of a retried live case, whole: its judgement and its evidence. */
export type FirstAttempt = Pick<
  CaseRecord,
  "status" | "raw_status" | "answer" | "result" | "diffs" | "note" | "duration_ms" | "attempts" | "transcript" | "compared"
>;

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
  readonly expected_error?: { readonly reason: string; readonly details?: Readonly<Record<string, unknown>> };
  readonly needs?: string;
  readonly since: string;
  readonly until?: string;
  readonly covers?: readonly string[];
  readonly optional?: string;
  readonly source: { readonly file: string; readonly line: number };
  readonly content_hash: string;
}

export interface ImplementationRecord {
  readonly name: string;
  readonly handshake: Handshake;
  readonly transport: "in-process" | "subprocess";
  readonly stats: ImplementationStats;
  /** The protocol version this implementation was judged against, and why that one. */
  readonly protocol?: ProtocolChoice;
  /** The roles it offers, when its manifest declares fewer than all three: the others are not claimed (statement.ts). */
  readonly roles?: readonly Role[];
  /** The MCP revisions its client sent and the harness's server agreed to, over its transport cases. */
  readonly mcp?: { readonly sent: readonly string[]; readonly negotiated: readonly string[] };
  /** The expectations file applied: its gaps, their sha256, and listed ids that cannot be gaps. */
  readonly expectations?: ExpectationsRecord;
  /** Why the adapter never started (its set-up or handshake failed): a failure of the run whatever its gaps say. */
  readonly not_started?: string;
}

export interface ExpectationsRecord {
  readonly file: string;
  /** How many gaps the file lists. */
  readonly gaps: number;
  /** sha256 of the file's bytes as the run read them. */
  readonly sha256?: string;
  /** Every gap the file lists, so `audit` checks each case's gap against the file the run used. */
  readonly listed?: ReadonlyArray<Gap>;
  /** The line of each listed entry in the file, for annotations. */
  readonly lines?: Readonly<Record<string, number>>;
  /** Listed ids naming no vector in the corpus. */
  readonly orphans: readonly string[];
  /** Listed ids naming an observe-tier vector (never judged, so the gap could never go stale). */
  readonly observe?: readonly string[];
}

/** How the run was asked for: what `merge` checks shards against and `audit` re-derives the verdict with. */
/** A case on the run's clock (ms from the run's start). */
export interface TimedCase {
  readonly implementation: string;
  readonly vector_id: string;
  readonly started_ms: number;
  readonly ended_ms: number;
  readonly duration_ms: number;
  /** The retry of a live case, run alone after the first attempts. */
  readonly retry?: true;
}

/**
 * Where a run's time went (run-clock.ts): its wall time, each implementation's start-up, the case
 * that ended last (the one the run could not end before) and the slowest case. Informational:
 * no verdict reads it, and it differs run to run.
 */
export interface RunTiming {
  readonly wall_ms: number;
  readonly startup_ms: Readonly<Record<string, number>>;
  readonly last_case?: TimedCase;
  readonly slowest_case?: TimedCase;
}

export interface RunSettings {
  /** The implementations selected, in order. */
  readonly implementations: readonly string[];
  readonly suites: readonly string[];
  readonly filter?: string;
  /** --tier, when given. */
  readonly tiers?: readonly string[];
  readonly shard?: { readonly index: number; readonly count: number };
  /** --protocol, when given. */
  readonly protocol?: string;
  /** --mcp-transport stdio: Computer scenes mounted their MCP servers over stdio (those not about HTTP); absent: streamable HTTP. */
  readonly mcp_transport?: "stdio";
  readonly strict_protocol: boolean;
  /** --allow-empty: an implementation with no judged case, or no passing one, does not fail the run. */
  readonly allow_empty: boolean;
  /** --require: the conformance level every implementation must reach, else the run fails. */
  readonly require?: ConformanceLevel;
  /**
   * Older releases the default matrix added (sdk.yaml also_in_default_run), not named with --impl.
   * When none of the selected vectors applies at the protocol such a release claims, it had nothing
   * to be judged on: that does not fail the run (a --suite of 0.4.0-only vectors, say).
   */
  readonly older_releases?: readonly string[];
}

/**
 * Cases by final status, plus the classes every view needs: judged (checked against an expected
 * value), failed (counts against the implementation), faults (crash, timeout, protocol error) and
 * skipped (unsupported or observed). not_applicable cases are none of these: counted on their own.
 */
export type Counts = Record<FinalStatus, number> & { total: number; judged: number; failed: number; faults: number; skipped: number };

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
  readonly environment: {
    readonly node: string;
    readonly platform: string;
    readonly arch: string;
    readonly kit_version: string;
    /** The kit's git commit, when it ran from a checkout; `kit_dirty` when tracked files differed from it. */
    readonly kit_commit?: string;
    readonly kit_dirty?: boolean;
    /** The MCP SDK packages (name → installed version) the harness's transport server ran on, when the run had live cases. */
    readonly mcp_server_sdks?: Readonly<Record<string, string>>;
    /** Live cases in flight per implementation, and how busy the machine was when the run chose them (run/live-slots.ts). */
    readonly live_slots?: {
      readonly wire: number;
      readonly transport: number;
      readonly cores: number;
      readonly busy: number;
      readonly measured_by: string;
    };
  };
  readonly corpus: {
    readonly roots: readonly string[];
    readonly suites: ReadonlyArray<{ name: string; title: string; vectors: number }>;
    /** Opt-in suites this run left out (it named no --suite): run them with --suite <name>. */
    readonly left_out?: readonly string[];
    /**
     * Every must and should vector of the corpus outside its opt-in suites, selected or not: what a
     * statement over the whole corpus requires, so one over a selection says it is one (statement.ts).
     */
    readonly required?: readonly CorpusRequired[];
  };
  readonly implementations: readonly ImplementationRecord[];
  readonly vectors: readonly VectorRecord[];
  /** In corpus order, implementation by implementation: an array in a parsed report, the run's case store during a run. */
  readonly cases: CaseList;
  /** Interop cases (the wire-interop suite): one per vector and Agent × Server × Computer choice. */
  readonly interop?: readonly InteropCase[];
  readonly summary: Summary;
  /** Facts derived once from vectors and cases, for every view. */
  readonly facts: ReportFacts;
  /** What each implementation may claim at the revision it was judged at (absent in reports of older kits). */
  readonly statements?: readonly ConformanceStatement[];
  /** Spec traceability per protocol revision, when the corpus has a requirements index. */
  readonly coverage?: readonly RevisionCoverage[];
  /** How the run was asked for (absent in reports of older kits). */
  readonly run?: RunSettings;
  /** Where the run's time went; absent in reports of older kits. */
  readonly timing?: RunTiming;
  /** Pass or fail and every reason, derived from the rest like the summary. */
  readonly verdict: Verdict;
  /** Set when the run did not finish: the cases above are what ran; these did not. */
  readonly incomplete?: Incomplete;
}

/** A report read back from report.json: its cases are an array. */
export type ParsedReport = Omit<Report, "cases"> & { readonly cases: readonly CaseRecord[] };

export interface Incomplete {
  /** The signal (SIGINT, SIGTERM, SIGHUP), or "internal error". */
  readonly reason: string;
  /** When it happened: set-up, handshake, cases or writing. */
  readonly phase?: string;
  /** For an internal error: its message. */
  readonly detail?: string;
  readonly not_run: ReadonlyArray<{ readonly implementation: string; readonly vector_id: string }>;
}

export function emptyCounts(): Counts {
  return Object.fromEntries(["total", "judged", "failed", "faults", "skipped", ...STATUSES].map((s) => [s, 0])) as Counts;
}

const FAILING: ReadonlySet<FinalStatus> = new Set(FAILING_STATUSES);
const SKIPPED: ReadonlySet<FinalStatus> = new Set(SKIPPED_STATUSES);

/** Records keyed by implementation and suite names have no prototype: a name such as `constructor` is just a name. */
export function summarize(cases: readonly CaseRecord[]): Summary {
  const summary = emptySummary();
  for (const c of cases) tallyCase(summary, c);
  return summary;
}

export function emptySummary(): Summary {
  return { overall: emptyCounts(), by_implementation: record<Counts>(), by_suite: record<Record<string, Counts>>() };
}

/** Adds one case to a summary's counts: overall, its implementation's, and its suite's for that implementation. */
export function tallyCase(summary: Summary, c: Pick<CaseRecord, "suite" | "implementation" | "status">): void {
  const bySuite = summary.by_suite;
  const byImpl = summary.by_implementation;
  const suite = Object.hasOwn(bySuite, c.suite) ? bySuite[c.suite]! : (bySuite[c.suite] = record<Counts>());
  for (const counts of [
    summary.overall,
    Object.hasOwn(byImpl, c.implementation) ? byImpl[c.implementation]! : (byImpl[c.implementation] = emptyCounts()),
    Object.hasOwn(suite, c.implementation) ? suite[c.implementation]! : (suite[c.implementation] = emptyCounts()),
  ]) {
    counts.total++;
    counts[c.status]++;
    if (FAILING.has(c.status)) counts.failed++;
    if (SKIPPED.has(c.status)) counts.skipped++;
    else if (c.status !== "not_applicable") counts.judged++;
    if (isFault(c.status)) counts.faults++;
  }
}

/**
 * A copy of a summary, so a report taken mid-run does not change as more cases are counted. Its
 * keys follow the order given (suites, implementations), then first counted: the run counts cases
 * as they complete, and its report.json must not depend on which finished first.
 */
export function copySummary(summary: Summary, order: { suites: readonly string[]; implementations: readonly string[] }): Summary {
  const copy = emptySummary();
  Object.assign(copy.overall, summary.overall);
  const implementations = ordered(Object.keys(summary.by_implementation), order.implementations);
  for (const name of implementations) copy.by_implementation[name] = { ...summary.by_implementation[name]! };
  for (const suite of ordered(Object.keys(summary.by_suite), order.suites)) {
    const byImpl = summary.by_suite[suite]!;
    const into = (copy.by_suite[suite] = record<Counts>());
    for (const name of implementations) if (Object.hasOwn(byImpl, name)) into[name] = { ...byImpl[name]! };
  }
  return copy;
}

function ordered(keys: readonly string[], first: readonly string[]): string[] {
  const present = new Set(keys);
  const head = [...new Set(first)].filter((k) => present.has(k));
  const listed = new Set(head);
  return [...head, ...keys.filter((k) => !listed.has(k))];
}

/** Counts from cases by status, with the classes filled in. */
export function countsOf(byStatus: Partial<Record<FinalStatus, number>>): Counts {
  const counts = emptyCounts();
  for (const status of STATUSES) {
    const n = byStatus[status] ?? 0;
    counts[status] += n;
    counts.total += n;
    if (FAILING.has(status)) counts.failed += n;
    if (SKIPPED.has(status)) counts.skipped += n;
    else if (status !== "not_applicable") counts.judged += n;
    if (isFault(status)) counts.faults += n;
  }
  return counts;
}
