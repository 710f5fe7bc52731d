/**
 * A vector's tier follows the statements it covers (issue 29): `must` needs a MUST / MUST NOT,
 * `should` a SHOULD or MUST, and `observe` may cover only MAY or contradicted statements, or none.
 * A statement the index marks as contradicted allows two readings, so a `must` (or `should`) vector
 * resting only on such statements must say in `spec.contested` why the contradiction leaves its
 * case decided (both readings agree on it); otherwise it judges an open point and is refused.
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
  /** spec.contested: why a contradiction in the index does not decide this vector's case. */
  readonly contested?: string | undefined;
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
  const binding = known.filter((r) => isMust(r.level) || isShould(r.level));
  const justified = subject.contested !== undefined && subject.contested.trim() !== "";
  const finding = tierOf(subject, { known, musts, firm, binding }, (tier, grounds) =>
    restsOnContested(tier, grounds, contested, justified, requirements),
  );
  if (finding || !justified || known.some((r) => contested.has(r.id))) return finding;
  // Checked after the tier: a wrong tier is the first thing to mend.
  return { at: "tier", message: "spec.contested explains a contradiction, but none of the statements it covers is marked as contradicted" };
}

interface Covered {
  readonly known: readonly Requirement[];
  readonly musts: readonly Requirement[];
  readonly firm: readonly Requirement[];
  readonly binding: readonly Requirement[];
}

function tierOf(
  subject: TierSubject,
  { known, musts, firm, binding }: Covered,
  onContested: (tier: "must" | "should", grounds: readonly Requirement[]) => TierFinding | undefined,
): TierFinding | undefined {
  switch (subject.tier) {
    case "must":
      if (musts.length === 0) return { at: "tier", message: `tier must, but it covers no MUST or MUST NOT (${levels(known)})` };
      return onContested("must", musts);
    case "should":
      if (binding.length === 0) return { at: "tier", message: `tier should, but it covers no SHOULD or MUST (${levels(known)})` };
      return onContested("should", binding);
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

/** A judged tier resting only on contradicted statements needs spec.contested to say why its case is decided anyway. */
function restsOnContested(
  tier: "must" | "should",
  grounds: readonly Requirement[],
  contested: ReadonlySet<string>,
  justified: boolean,
  requirements: ReadonlyMap<string, Requirement>,
): TierFinding | undefined {
  if (justified || grounds.some((r) => !contested.has(r.id))) return undefined;
  const pairs = grounds.map((r) => `${r.id} (${r.level}) against ${opponents(r, requirements).join(", ")}`).join("; ");
  return {
    at: "tier",
    message: `tier ${tier}, but every statement it rests on is contradicted in the index (${pairs}): judge only what both readings agree on and say why in spec.contested, or lower the tier`,
  };
}

/** The statements that contradict r, whichever side names the other. */
function opponents(r: Requirement, requirements: ReadonlyMap<string, Requirement>): string[] {
  const named = (r.contradicts ?? []).map((c) => c.id);
  const naming = [...requirements.values()].filter((o) => o.contradicts?.some((c) => c.id === r.id)).map((o) => o.id);
  return [...new Set([...named, ...naming])];
}

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
