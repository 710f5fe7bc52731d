/**
 * A vector's tier follows the statements it covers (issue 29): `must` needs a MUST / MUST NOT,
 * `should` a SHOULD or MUST, and `observe` may cover only MAY or contradicted statements, or none.
 * An authored vector says what it covers, or writes `covers: []` with spec.note saying why. A
 * candidate from `generate` or `fuzz` still awaiting review (spec.note "awaits review: …") is
 * exempt: choosing what it covers and its tier is the review (README, "Promoting a candidate").
 */
import { contestedIds, isMust, isShould, type Requirement } from "../model/requirement.ts";
import type { Tier } from "../model/vector.ts";

export interface TierSubject {
  readonly tier: Tier;
  /** undefined: the vector (and its file or suite) says nothing about what it covers. */
  readonly covers: readonly string[] | undefined;
  readonly note: string | undefined;
}

export interface TierFinding {
  /** "covers" when the fault is the missing or empty list, "tier" when the tier does not follow it. */
  readonly at: "covers" | "tier";
  readonly message: string;
}

/** What is wrong with a vector's tier given what it covers; undefined when it follows. */
export function tierFinding(subject: TierSubject, requirements: ReadonlyMap<string, Requirement>): TierFinding | undefined {
  if (subject.note?.startsWith(AWAITS_REVIEW)) return undefined;
  const contested = contestedOf(requirements);
  if (subject.covers === undefined)
    return {
      at: "tier",
      message: "says nothing about what it checks: list the requirement ids in covers, or write covers: [] with spec.note saying why",
    };
  const known = subject.covers.flatMap((id) => requirements.get(id) ?? []);
  const musts = known.filter((r) => isMust(r.level));
  const firm = known.filter((r) => !contested.has(r.id) && (isMust(r.level) || isShould(r.level)));
  switch (subject.tier) {
    case "must":
      if (musts.length > 0) return undefined;
      return { at: "tier", message: `tier must, but it covers no MUST or MUST NOT (${levels(known)})` };
    case "should":
      if (known.some((r) => isMust(r.level) || isShould(r.level))) return undefined;
      return { at: "tier", message: `tier should, but it covers no SHOULD or MUST (${levels(known)})` };
    case "observe":
      if (firm.length > 0)
        return {
          at: "tier",
          message: `tier observe, but it covers ${firm.map((r) => `${r.id} (${r.level})`).join(", ")}: judge it at that level, or move a statement that does not decide the case to near`,
        };
      if (known.length === 0 && !subject.note?.trim())
        return { at: "covers", message: "covers no statement: spec.note must say what the spec leaves open" };
      return undefined;
  }
}

const AWAITS_REVIEW = "awaits review";

const contestedCache = new WeakMap<ReadonlyMap<string, Requirement>, ReadonlySet<string>>();

/** The index is loaded once per corpus: its contradicted set is computed once too. */
function contestedOf(requirements: ReadonlyMap<string, Requirement>): ReadonlySet<string> {
  let set = contestedCache.get(requirements);
  if (!set) contestedCache.set(requirements, (set = contestedIds(requirements.values())));
  return set;
}

function levels(known: readonly Requirement[]): string {
  return known.length === 0 ? "covers none" : known.map((r) => `${r.id} is ${r.level}`).join(", ");
}
