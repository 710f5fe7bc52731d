/**
 * A vector's content hash: sha256 of the canonical JSON of what its cases check (op, input, the
 * expected value or error, tier, and the protocol span when it narrows the default). The corpus
 * loader stamps it; `audit` recomputes it, so an edited expected value or tier in a report shows.
 */
import { contentHash } from "../util/canonical-json.ts";
import { FIRST_PROTOCOL } from "./protocols.ts";

export interface HashedContent {
  readonly op: string;
  readonly input: unknown;
  readonly expected?: unknown;
  readonly expected_error?: unknown;
  readonly tier: string;
  readonly since?: string;
  readonly until?: string;
}

export function vectorContentHash(v: HashedContent): string {
  // The span joins the hash only when it narrows the default, so unchanged vectors keep their hash.
  const span = {
    ...(v.since !== undefined && v.since !== FIRST_PROTOCOL ? { since: v.since } : {}),
    ...(v.until !== undefined ? { until: v.until } : {}),
  };
  return contentHash({ op: v.op, input: v.input, expected: v.expected, expected_error: v.expected_error, tier: v.tier, ...span });
}
