/**
 * Addressing a server by a token on a human-facing surface (sdk-api-guidance.md §5.1,
 * resolve_target): a unique display-name hit, else among several hits the one whose bundle_id is
 * the token, else an ambiguity error listing the hits; with no hit, a legal bundle_id present in the
 * search space, else not found. A start/stop on a declared but unmounted server is reported, not run.
 */
import { validateBundleId } from "./bundle-id.ts";
import { InvalidInputError } from "./errors.ts";
import { compareCodePoints } from "./unicode.ts";

export interface SearchEntry {
  readonly bundle_id: string;
  readonly name: string;
  readonly owner: string;
  readonly mounted: boolean;
}

export type LifecycleVerb = "start" | "stop" | "other";

export interface Addressed {
  readonly bundle_id: string;
  readonly outcome: "execute" | "not_mounted";
  /** What the surface prints instead of acting (evidence; the page does not say what X stands for). */
  readonly message?: string;
}

export function resolveTarget(token: string, entries: readonly SearchEntry[], verb: LifecycleVerb = "other"): Addressed {
  const target = findTarget(token, distinctById(entries));
  if (target.mounted || verb === "other") return { bundle_id: target.bundle_id, outcome: "execute" };
  const message =
    verb === "stop"
      ? `Server ${token} not mounted; nothing to stop`
      : `Server ${token} declared but not mounted; it may be pending the approval gate`;
  return { bundle_id: target.bundle_id, outcome: "not_mounted", message };
}

/** Steps 1-4 and 6 (step 5, no arbitrary pick, is what the ambiguity error is for). */
function findTarget(token: string, entries: readonly SearchEntry[]): SearchEntry {
  const hits = entries.filter((e) => e.name === token);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) {
    const exact = hits.find((e) => e.bundle_id === token);
    if (exact) return exact;
    const candidates = [...hits]
      .sort((a, b) => compareCodePoints(a.bundle_id, b.bundle_id))
      .map(({ bundle_id, name, owner }) => ({ bundle_id, name, owner }));
    throw new InvalidInputError(
      "addressing.ambiguous",
      `${hits.length} servers are named ${JSON.stringify(token)}; retry with a bundle_id`,
      {
        candidates,
      },
    );
  }
  const byId = validateBundleId(token).accepted ? entries.find((e) => e.bundle_id === token) : undefined;
  if (byId) return byId;
  throw new InvalidInputError("addressing.not_found", `no server matches ${JSON.stringify(token)}`);
}

/** The search space is deduplicated by bundle_id; a repeated id keeps its first entry. */
function distinctById(entries: readonly SearchEntry[]): SearchEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.bundle_id) && seen.add(e.bundle_id));
}
