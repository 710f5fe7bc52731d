/**
 * The protocol's normative statements, indexed in vectors/_spec/<revision>/<page>.yaml: each with
 * a stable id, its level, a one-line summary in the kit's words, whether a vector can check it, and
 * the revisions it holds in. Vectors point at them with `covers`.
 */
import { applies } from "./protocols.ts";

export type Level = "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "MAY";
export type Testability = "pure" | "live" | "untestable";

export interface Requirement {
  readonly id: string;
  readonly page: string;
  readonly section: string;
  readonly level: Level;
  readonly summary: string;
  readonly testability: Testability;
  readonly why?: string;
  readonly note?: string;
  /** Why the kit does not check this statement yet, although it could. */
  readonly left?: string;
  readonly contradicts?: ReadonlyArray<{ readonly id: string; readonly note: string }>;
  /** The revisions it holds in: from since, up to until inclusive (open when absent). */
  readonly since: string;
  readonly until?: string;
  /** The revision of the text the entry was indexed from, and where. */
  readonly text: { readonly protocol: string; readonly file: string; readonly line: number };
}

export const LEVELS: readonly Level[] = ["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY"];
export const TESTABILITY: readonly Testability[] = ["pure", "live", "untestable"];

/** MUST and MUST NOT: the statements a conformance claim rests on. */
export function isMust(level: Level): boolean {
  return level === "MUST" || level === "MUST NOT";
}

export function isShould(level: Level): boolean {
  return level === "SHOULD" || level === "SHOULD NOT";
}

/** The requirement set of one revision. */
export function requirementsOf(requirements: Iterable<Requirement>, revision: string): Requirement[] {
  return [...requirements].filter((r) => applies(r, revision));
}

/**
 * Every statement the index marks as contradicted, on either side: one that names another in
 * `contradicts`, and each one it names. A vector may leave such a statement at observe.
 */
export function contestedIds(requirements: Iterable<Requirement>): ReadonlySet<string> {
  const contested = new Set<string>();
  for (const r of requirements)
    for (const c of r.contradicts ?? []) {
      contested.add(r.id);
      contested.add(c.id);
    }
  return contested;
}
