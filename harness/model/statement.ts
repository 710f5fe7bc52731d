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
import { isComposedOp, ROLES, type Role, roleOf } from "./operations.ts";
import { applies, isDraft } from "./protocols.ts";
import type { FinalStatus } from "./status.ts";
import type { Tier } from "./vector.ts";

/**
 * The levels, best first; README "Conformance statements" defines them. `selection` is what a run
 * over part of the corpus reaches where the whole would be conforming or partial: a failure on a
 * selection proves non-conformance, a pass on one proves nothing about the rest.
 */
export const CONFORMANCE_LEVELS = ["conforming", "partial", "selection", "not conforming", "untested"] as const;
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

/** A required vector of the corpus, as much of it as a statement's scope needs (report.corpus.required). */
export interface CorpusRequired {
  readonly id: string;
  readonly op: string;
  readonly tier: "must" | "should";
  readonly since: string;
  readonly until?: string;
}

/** How much of what the whole corpus requires the run selected, when it selected less (a `selection`). */
export interface StatementScope {
  /** Required MUST vectors the run selected. */
  readonly selected: number;
  /** Required MUST vectors of the whole corpus (outside opt-in suites) at the revision. */
  readonly corpus: number;
}

/** One role's part of a statement: the same tallies and level, over the vectors that judge that role. */
export interface RoleStatement {
  readonly role: Role;
  /** The implementation does not offer this role (its manifest says so): its vectors count nowhere, never as unverified. */
  readonly not_claimed?: true;
  readonly must: TierTally;
  readonly should: TierTally;
  readonly level: ConformanceLevel;
  readonly scope?: StatementScope;
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
  /** Present when the run selected fewer required MUST vectors than the whole corpus has at the revision. */
  readonly scope?: StatementScope;
  /** Per role, in ROLES order: each role some selected or corpus-required vector judges. */
  readonly roles?: readonly RoleStatement[];
  /** The required vectors counted unverified (unsupported and unlisted, hung on, flaky, never run), in corpus order. */
  readonly unverified_ids?: readonly string[];
}

/** What the statement reads of a report (its own shapes, so report.ts can import this module). */
export interface StatementInput {
  readonly implementations: ReadonlyArray<{
    readonly name: string;
    readonly handshake?: { readonly sdk?: { readonly version?: string } };
    readonly protocol?: { readonly used: string };
    readonly not_started?: string;
    /** The roles it offers (its manifest's declaration); absent: all three. */
    readonly roles?: readonly Role[];
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
  /** Interop cells: each counts toward the roles it exercises (interopOutcome). */
  readonly interop?: ReadonlyArray<InteropCell>;
  /** The whole corpus's required vectors (report.corpus.required); absent in reports of older kits: no scope is known. */
  readonly corpus?: { readonly required?: readonly CorpusRequired[] };
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
  const required = input.corpus?.required;
  const selected = new Set(input.vectors.map((v) => v.id));
  return input.implementations.map((impl) => {
    const protocol = impl.protocol?.used ?? "unknown";
    const statuses = Object.hasOwn(statusOf, impl.name) ? statusOf[impl.name]! : new Map<string, FinalStatus>();
    const whole = emptyTallies();
    const unverified: string[] = [];
    const offers = (role: Role | undefined) => role === undefined || impl.roles === undefined || impl.roles.includes(role);
    const byRole = new Map<Role, Tallies>();
    for (const v of input.vectors) {
      if (v.tier !== "must" && v.tier !== "should") continue;
      if (v.op !== undefined && isComposedOp(v.op)) {
        // A three-role vector: judged once per role this implementation played in its cells.
        for (const role of ROLES) {
          if (!offers(role)) continue;
          const outcome = interopOutcome(input.interop ?? [], v.id, impl.name, role);
          if (outcome === undefined) continue;
          if (outcome === "unverified") unverified.push(v.id);
          count(whole, v.tier, outcome);
          count(tallyOf(byRole, role), v.tier, outcome);
        }
        continue;
      }
      if (v.op !== undefined && !offers(roleOf(v.op))) continue; // a role the release does not offer: not claimed
      const status = statuses.get(v.id);
      // A vector with no case counts as never run only where it applies at the revision.
      const outcome: Outcome =
        status !== undefined ? OUTCOME[status] : impl.protocol && !applies(v, protocol) ? "not_required" : "unverified";
      if (outcome === "not_required") continue;
      if (outcome === "unverified") unverified.push(v.id);
      count(whole, v.tier, outcome);
      const role = v.op === undefined ? undefined : roleOf(v.op);
      if (role !== undefined) count(tallyOf(byRole, role), v.tier, outcome);
    }
    const corpusMust = corpusMustOf(required ?? [], selected, impl.protocol ? protocol : undefined, offers);
    const broken = impl.stats?.broken !== undefined && !stoppedByInterrupt(impl.stats.broken);
    const claim = (t: Tallies, of: { corpus: number; selected: number } | undefined) => {
      const scope = of !== undefined && of.selected < of.corpus ? { selected: of.selected, corpus: of.corpus } : undefined;
      return { level: broken ? "untested" : scopedLevel(levelOf(t.must), scope), ...(scope ? { scope } : {}) } as const;
    };
    const roles = ROLES.filter((r) => byRole.has(r) || corpusMust.has(r) || !offers(r)).map((role): RoleStatement => {
      const t = byRole.get(role) ?? emptyTallies();
      if (!offers(role)) return { role, not_claimed: true, must: t.must, should: t.should, level: "untested" };
      return { role, must: t.must, should: t.should, ...claim(t, corpusMust.get(role)) };
    });
    return {
      implementation: impl.name,
      ...(impl.not_started === undefined && impl.handshake?.sdk?.version ? { sdk_version: impl.handshake.sdk.version } : {}),
      protocol,
      draft: isDraft(protocol),
      must: whole.must,
      should: whole.should,
      ...claim(whole, required === undefined ? undefined : (corpusMust.get("all") ?? { corpus: 0, selected: 0 })),
      ...(roles.length > 0 ? { roles } : {}),
      ...(unverified.length > 0 ? { unverified_ids: [...new Set(unverified)] } : {}),
    };
  });
}

/** What a statement reads of an interop case (model/interop.ts InteropCase). */
export interface InteropCell {
  readonly vector_id: string;
  readonly agent: string;
  readonly server: string;
  readonly computer: string;
  readonly status: FinalStatus;
  readonly blamed?: Role;
}

/**
 * An interop vector for one implementation in one role, over every cell it played that role in: a
 * failure attributed to that role counts against it (listed: a known gap); a failure attributed to
 * another role does not; a failure the record attributes to no role leaves it unverified; every
 * cell passing (or failing for another role) passes it. Undefined: it played no such cell.
 */
export function interopOutcome(
  cells: ReadonlyArray<InteropCell>,
  vectorId: string,
  implementation: string,
  role: Role,
): Exclude<Outcome, "not_required"> | undefined {
  const mine = cells.filter((c) => c.vector_id === vectorId && c[role] === implementation);
  if (mine.length === 0) return undefined;
  const outcomes = mine.map((c): Exclude<Outcome, "not_required"> => {
    if (c.status === "pass") return "passed";
    if (c.blamed !== undefined && c.blamed !== role) return "passed";
    if (c.blamed === undefined) return "unverified";
    return c.status === "known_gap"
      ? "known_gaps"
      : OUTCOME[c.status] === "not_required"
        ? "unverified"
        : (OUTCOME[c.status] as Exclude<Outcome, "not_required">);
  });
  for (const worst of ["failed", "unverified", "known_gaps"] as const) if (outcomes.includes(worst)) return worst;
  return "passed";
}

/**
 * The whole corpus's required MUST vectors at the revision (any, when it is unknown), per role and
 * in all, and how many of them the run selected: a claim must cover them all (a vector an
 * implementation was not asked, being not applicable to it, was still selected).
 */
function corpusMustOf(
  required: readonly CorpusRequired[],
  selected: ReadonlySet<string>,
  protocol: string | undefined,
  offers: (role: Role | undefined) => boolean,
): Map<Role | "all", { corpus: number; selected: number }> {
  const counts = new Map<Role | "all", { corpus: number; selected: number }>();
  for (const v of required) {
    if (v.tier !== "must" || (protocol !== undefined && !applies(v, protocol))) continue;
    const role = roleOf(v.op);
    if (!offers(role)) continue;
    for (const key of role === undefined ? (["all"] as const) : (["all", role] as const)) {
      const n = counts.get(key) ?? { corpus: 0, selected: 0 };
      counts.set(key, { corpus: n.corpus + 1, selected: n.selected + (selected.has(v.id) ? 1 : 0) });
    }
  }
  return counts;
}

/** A selection never reads conforming or partial: those claims need every required vector; a failure stands. */
function scopedLevel(level: ConformanceLevel, scope: StatementScope | undefined): ConformanceLevel {
  return scope !== undefined && (level === "conforming" || level === "partial") ? "selection" : level;
}

type MutableTally = { -readonly [K in keyof TierTally]: number };
interface Tallies {
  readonly must: MutableTally;
  readonly should: MutableTally;
}

function emptyTallies(): Tallies {
  return { must: emptyTally(), should: emptyTally() };
}

function tallyOf(byRole: Map<Role, Tallies>, role: Role): Tallies {
  let t = byRole.get(role);
  if (t === undefined) byRole.set(role, (t = emptyTallies()));
  return t;
}

function count(t: Tallies, tier: "must" | "should", outcome: Exclude<Outcome, "not_required">): void {
  t[tier].required++;
  t[tier][outcome]++;
}

/** The level follows from the MUST tally alone; SHOULD is reported beside it. */
export function levelOf(must: TierTally): ConformanceLevel {
  if (must.required === 0 || must.passed + must.known_gaps + must.failed === 0) return "untested";
  if (must.passed === must.required) return "conforming";
  if (must.failed === 0 && must.unverified === 0) return "partial";
  return "not conforming";
}

function emptyTally(): MutableTally {
  return { required: 0, passed: 0, known_gaps: 0, failed: 0, unverified: 0 };
}
