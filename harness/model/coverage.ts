/**
 * Spec traceability: for one protocol revision, which of its normative statements the corpus checks
 * (by which vectors, at which tier), and, from a run, how each implementation fares on them. An
 * implementation is read against the revision it was judged at: the latest revision of the kit not
 * after the version it was judged against.
 */
import { applies, isDraft, PROTOCOL_VERSIONS } from "./protocols.ts";
import { isMust, isShould, type Level, type Requirement, requirementsOf, type Testability } from "./requirement.ts";
import type { FinalStatus } from "./status.ts";
import type { Tier } from "./vector.ts";

/** What coverage needs of a vector. */
export interface CoveringVector {
  readonly id: string;
  readonly tier: Tier;
  readonly since: string;
  readonly until?: string;
  readonly covers?: readonly string[];
}

/** What coverage reads of a case. */
type CaseRecord = { readonly vector_id: string; readonly implementation: string; readonly status: FinalStatus };

/** One implementation's standing on one requirement, from the cases of the vectors covering it. */
export type RequirementResult = "pass" | "known_gap" | "fail" | "observed" | "unsupported" | "not_applicable";

export interface RequirementCoverage {
  readonly id: string;
  readonly page: string;
  readonly section: string;
  readonly level: Level;
  readonly testability: Testability;
  readonly summary: string;
  readonly vectors: ReadonlyArray<{ readonly id: string; readonly tier: Tier }>;
  /** The strongest tier among its vectors (must > should > observe), or null when uncovered. */
  readonly tier: Tier | null;
  readonly left?: string;
  readonly why?: string;
  /** Per implementation read against this revision. */
  readonly results?: Readonly<Record<string, RequirementResult>>;
}

export interface CoverageCounts {
  readonly total: number;
  readonly must: number;
  readonly should: number;
  readonly may: number;
  readonly pure: number;
  readonly live: number;
  readonly untestable: number;
  readonly covered: number;
  readonly covered_must: number;
  readonly covered_should: number;
  readonly pure_must: number;
  readonly pure_must_covered: number;
  /** MUSTs and SHOULDs a vector can check (pure or live), and how many of them a vector covers. */
  readonly testable_must: number;
  readonly testable_must_covered: number;
  readonly testable_should: number;
  readonly testable_should_covered: number;
}

export interface RevisionCoverage {
  readonly protocol: string;
  readonly totals: CoverageCounts;
  readonly pages: ReadonlyArray<{
    readonly page: string;
    readonly totals: CoverageCounts;
    readonly sections: ReadonlyArray<{ readonly section: string; readonly totals: CoverageCounts }>;
  }>;
  /** Implementations read against this revision, with how many covered requirements each passes. */
  readonly implementations: ReadonlyArray<{
    readonly name: string;
    readonly passed: number;
    readonly failed: number;
    readonly known_gap: number;
    readonly judged: number;
  }>;
  /** Pure MUST / MUST NOT statements no vector covers, first the ones with no reason given. */
  readonly uncovered_pure_must: readonly RequirementCoverage[];
  /** The covered requirements, with their vectors and each implementation's result. */
  readonly requirements: readonly RequirementCoverage[];
}

const TIER_RANK: Record<Tier, number> = { must: 3, should: 2, observe: 1 };

/** A requirement as coverage shows it, with the vectors covering it and their strongest tier. */
function rowOf(r: Requirement, vectors: RequirementCoverage["vectors"], tier: Tier | null): RequirementCoverage {
  return {
    id: r.id,
    page: r.page,
    section: r.section,
    level: r.level,
    testability: r.testability,
    summary: r.summary,
    vectors,
    tier,
    ...(r.left !== undefined ? { left: r.left } : {}),
    ...(r.why !== undefined ? { why: r.why } : {}),
  };
}

function counts(list: readonly RequirementCoverage[]): CoverageCounts {
  const n = (f: (r: RequirementCoverage) => boolean) => list.filter(f).length;
  const pureMust = (r: RequirementCoverage) => r.testability === "pure" && isMust(r.level);
  const testable = (r: RequirementCoverage) => r.testability !== "untestable";
  return {
    total: list.length,
    must: n((r) => isMust(r.level)),
    should: n((r) => isShould(r.level)),
    may: n((r) => r.level === "MAY"),
    pure: n((r) => r.testability === "pure"),
    live: n((r) => r.testability === "live"),
    untestable: n((r) => r.testability === "untestable"),
    covered: n((r) => r.tier !== null),
    covered_must: n((r) => r.tier !== null && isMust(r.level)),
    covered_should: n((r) => r.tier !== null && isShould(r.level)),
    pure_must: n(pureMust),
    pure_must_covered: n((r) => pureMust(r) && r.tier !== null),
    testable_must: n((r) => testable(r) && isMust(r.level)),
    testable_must_covered: n((r) => testable(r) && isMust(r.level) && r.tier !== null),
    testable_should: n((r) => testable(r) && isShould(r.level)),
    testable_should_covered: n((r) => testable(r) && isShould(r.level) && r.tier !== null),
  };
}

/**
 * The kit revision an implementation judged against `used` is read at: the latest one not after it
 * (a draft only for a draft: an implementation judged at a released version is never read at one).
 */
export function revisionFor(used: string): string {
  return [...PROTOCOL_VERSIONS].reverse().find((v) => applies({ since: v }, used)) ?? PROTOCOL_VERSIONS[0]!;
}

/** One implementation's result on a requirement: the worst of its covering cases that were judged. */
function resultOf(statuses: readonly FinalStatus[]): RequirementResult | undefined {
  if (statuses.length === 0) return undefined;
  const has = (s: FinalStatus) => statuses.includes(s);
  if (statuses.some((s) => s === "fail" || s === "stale" || s === "crash" || s === "timeout" || s === "protocol_error")) return "fail";
  if (has("known_gap")) return "known_gap";
  if (has("pass")) return "pass";
  if (has("observed")) return "observed";
  if (has("unsupported")) return "unsupported";
  return "not_applicable";
}

export interface CoverageRun {
  readonly cases: Iterable<CaseRecord>;
  /** Each implementation and the version it was judged against. */
  readonly implementations: ReadonlyArray<{ readonly name: string; readonly used: string }>;
}

export function revisionCoverage(
  protocol: string,
  requirements: Iterable<Requirement>,
  vectors: readonly CoveringVector[],
  run?: CoverageRun,
): RevisionCoverage {
  const applicable = vectors.filter((v) => applies(v, protocol));
  const coveredBy = new Map<string, Array<{ id: string; tier: Tier }>>();
  for (const v of applicable)
    for (const id of v.covers ?? []) coveredBy.set(id, [...(coveredBy.get(id) ?? []), { id: v.id, tier: v.tier }]);
  const readers = (run?.implementations ?? []).filter((i) => revisionFor(i.used) === protocol).map((i) => i.name);
  // Only the cases of covering vectors are kept: a large generated corpus covers no requirement.
  const covering = new Set([...coveredBy.values()].flatMap((by) => by.map((v) => v.id)));
  const casesOf = new Map<string, Array<Pick<CaseRecord, "status">>>();
  for (const c of run?.cases ?? [])
    if (covering.has(c.vector_id) && readers.includes(c.implementation))
      casesOf.set(`${c.implementation} ${c.vector_id}`, [...(casesOf.get(`${c.implementation} ${c.vector_id}`) ?? []), c]);
  const list: RequirementCoverage[] = requirementsOf(requirements, protocol).map((r) => {
    const by = coveredBy.get(r.id) ?? [];
    const tier = by.reduce<Tier | null>((best, v) => (best === null || TIER_RANK[v.tier] > TIER_RANK[best] ? v.tier : best), null);
    const results: Record<string, RequirementResult> = {};
    for (const name of readers) {
      const result = resultOf(by.flatMap((v) => casesOf.get(`${name} ${v.id}`) ?? []).map((c) => c.status));
      if (result) results[name] = result;
    }
    return { ...rowOf(r, by, tier), ...(readers.length > 0 ? { results } : {}) };
  });
  const pages = [...new Set(list.map((r) => r.page))].map((page) => {
    const ofPage = list.filter((r) => r.page === page);
    const sections = [...new Set(ofPage.map((r) => r.section))].map((section) => ({
      section,
      totals: counts(ofPage.filter((r) => r.section === section)),
    }));
    return { page, totals: counts(ofPage), sections };
  });
  const implementations = readers.map((name) => {
    const values = list.flatMap((r) => (r.results?.[name] ? [r.results[name]!] : []));
    const n = (s: RequirementResult) => values.filter((v) => v === s).length;
    return { name, passed: n("pass"), failed: n("fail"), known_gap: n("known_gap"), judged: n("pass") + n("fail") + n("known_gap") };
  });
  const uncovered = list
    .filter((r) => r.testability === "pure" && isMust(r.level) && r.tier === null)
    .sort((a, b) => Number(a.left !== undefined) - Number(b.left !== undefined));
  return {
    protocol,
    totals: counts(list),
    pages,
    implementations,
    uncovered_pure_must: uncovered,
    requirements: list.filter((r) => r.tier !== null),
  };
}

/**
 * Every testable MUST and SHOULD no vector of the revision covers, pure or live, in index order (page
 * by page): what `coverage --uncovered` lists. Kept out of RevisionCoverage, which every report
 * embeds for each revision, where this list would be most of the report's size.
 */
export function uncoveredTestable(
  protocol: string,
  requirements: Iterable<Requirement>,
  vectors: readonly CoveringVector[],
): RequirementCoverage[] {
  const covered = new Set(vectors.filter((v) => applies(v, protocol)).flatMap((v) => v.covers ?? []));
  return requirementsOf(requirements, protocol)
    .filter((r) => r.testability !== "untestable" && (isMust(r.level) || isShould(r.level)) && !covered.has(r.id))
    .map((r) => rowOf(r, [], null));
}

/** The revision views show in detail by default: the latest released one (a draft never is the latest). */
export function latestReleased<T extends { readonly protocol: string }>(revisions: readonly T[]): T | undefined {
  return revisions.filter((r) => !isDraft(r.protocol)).at(-1) ?? revisions.at(-1);
}

/** Every revision's coverage for a report (its vectors and cases), in revision order. */
export function reportCoverage(
  requirements: ReadonlyMap<string, Requirement>,
  report: {
    readonly vectors: readonly CoveringVector[];
    readonly cases: Iterable<CaseRecord>;
    readonly implementations: ReadonlyArray<{ readonly name: string; readonly protocol?: { readonly used: string } }>;
  },
): RevisionCoverage[] {
  if (requirements.size === 0) return [];
  const run = {
    cases: report.cases,
    implementations: report.implementations.flatMap((i) => (i.protocol ? [{ name: i.name, used: i.protocol.used }] : [])),
  };
  return PROTOCOL_VERSIONS.map((v) => revisionCoverage(v, requirements.values(), report.vectors, run));
}
