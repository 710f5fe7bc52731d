/**
 * The conformance statement (issue 29): what each implementation may claim at the protocol revision
 * it was judged at. Computed here once, as a pure function of the case records and the vectors the
 * run selected, and read by every view (console, report.json, matrix.md, index.html, badges).
 *
 * A vector is *required* at a revision when its tier is must (or should, counted apart) and it
 * applies there. A required vector answered `unsupported`, hung on (timeout) or never run is
 * *unverified*: not a wrong answer, so not a failure of the run, but never counted as conforming.
 */
import { record } from "../util/own.ts";
import { stoppedByInterrupt } from "./implementation.ts";
import { isComposedOp } from "./operations.ts";
import { applies, isDraft } from "./protocols.ts";
import type { FinalStatus } from "./status.ts";
import type { Tier } from "./vector.ts";

/** The levels, best first; README "Conformance statements" defines them. */
export const CONFORMANCE_LEVELS = ["conforming", "partial", "not conforming", "untested"] as const;
export type ConformanceLevel = (typeof CONFORMANCE_LEVELS)[number];

export interface TierTally {
  /** Required vectors of this tier that apply at the revision (every one below is a part of it). */
  readonly required: number;
  readonly passed: number;
  /** Failures an expectations file lists. */
  readonly known_gaps: number;
  /** Wrong answers, crashes, protocol errors and stale gaps: what fails the run. */
  readonly failed: number;
  /** Answered unsupported, hung on, or never ran. */
  readonly unverified: number;
}

export interface ConformanceStatement {
  readonly implementation: string;
  /** The SDK version the handshake named (absent when the adapter never started). */
  readonly sdk_version?: string;
  /** The revision the implementation was judged at, and whether it is a draft. */
  readonly protocol: string;
  readonly draft: boolean;
  readonly must: TierTally;
  readonly should: TierTally;
  readonly level: ConformanceLevel;
}

/** What the statement reads of a report (its own shapes, so report.ts can import this module). */
export interface StatementInput {
  readonly implementations: ReadonlyArray<{
    readonly name: string;
    readonly handshake?: { readonly sdk?: { readonly version?: string } };
    readonly protocol?: { readonly used: string };
    readonly not_started?: string;
    /** A broken adapter (not one an interrupt stopped) may claim no level: see levelOf's caller. */
    readonly stats?: { readonly broken?: string };
  }>;
  readonly vectors: ReadonlyArray<{
    readonly id: string;
    readonly op?: string;
    readonly tier: Tier;
    readonly since: string;
    readonly until?: string;
  }>;
  readonly cases: Iterable<{ readonly vector_id: string; readonly implementation: string; readonly status: FinalStatus }>;
}

type Outcome = "passed" | "known_gaps" | "failed" | "unverified" | "not_required";

const OUTCOME: Record<FinalStatus, Outcome> = {
  pass: "passed",
  known_gap: "known_gaps",
  fail: "failed",
  crash: "failed",
  protocol_error: "failed",
  stale: "failed",
  timeout: "unverified",
  flaky: "unverified",
  unsupported: "unverified",
  // An observe case is never required; not_applicable means the vector does not hold there.
  observed: "not_required",
  not_applicable: "not_required",
};

/** One statement per implementation, in the run's order. */
export function conformanceStatements(input: StatementInput): ConformanceStatement[] {
  const statusOf = record<Map<string, FinalStatus>>();
  for (const c of input.cases) {
    const byVector = Object.hasOwn(statusOf, c.implementation) ? statusOf[c.implementation]! : (statusOf[c.implementation] = new Map());
    byVector.set(c.vector_id, c.status);
  }
  return input.implementations.map((impl) => {
    const protocol = impl.protocol?.used ?? "unknown";
    const statuses = Object.hasOwn(statusOf, impl.name) ? statusOf[impl.name]! : new Map<string, FinalStatus>();
    const tally = { must: emptyTally(), should: emptyTally() };
    for (const v of input.vectors) {
      if (v.tier !== "must" && v.tier !== "should") continue;
      if (v.op !== undefined && isComposedOp(v.op)) continue; // a three-role cell, shown in the interop grid, not one implementation's claim
      const status = statuses.get(v.id);
      // A vector with no case counts as never run only where it applies at the revision.
      const outcome: Outcome =
        status !== undefined ? OUTCOME[status] : impl.protocol && !applies(v, protocol) ? "not_required" : "unverified";
      if (outcome === "not_required") continue;
      tally[v.tier].required++;
      tally[v.tier][outcome]++;
    }
    return {
      implementation: impl.name,
      ...(impl.not_started === undefined && impl.handshake?.sdk?.version ? { sdk_version: impl.handshake.sdk.version } : {}),
      protocol,
      draft: isDraft(protocol),
      must: tally.must,
      should: tally.should,
      level: impl.stats?.broken !== undefined && !stoppedByInterrupt(impl.stats.broken) ? "untested" : levelOf(tally.must),
    };
  });
}

/** The level follows from the MUST tally alone; SHOULD is reported beside it. */
export function levelOf(must: TierTally): ConformanceLevel {
  if (must.required === 0 || must.passed + must.known_gaps + must.failed === 0) return "untested";
  if (must.passed === must.required) return "conforming";
  if (must.failed === 0 && must.unverified === 0) return "partial";
  return "not conforming";
}

function emptyTally(): { -readonly [K in keyof TierTally]: number } {
  return { required: 0, passed: 0, known_gaps: 0, failed: 0, unverified: 0 };
}
