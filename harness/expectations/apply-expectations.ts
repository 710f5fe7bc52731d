/**
 * Applies known gaps to judged cases: a listed case that fails as listed is a known gap; a listed
 * case that passes (or fails differently) is stale; an unlisted failure stays a failure. Pure, so
 * the audit applies it the same way.
 */
import type { CaseStatus } from "../run/evaluate.ts";
import type { Gap } from "./load-expectations.ts";

export type FinalStatus = CaseStatus | "known_gap" | "stale";

export function applyGap(raw: CaseStatus, gap: Gap | undefined): FinalStatus {
  if (!gap) return raw;
  if (raw === gap.status) return "known_gap";
  return raw === "unsupported" || raw === "observed" ? raw : "stale";
}
