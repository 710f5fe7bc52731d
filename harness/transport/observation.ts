/**
 * The value a transport case is judged on: the adapter's output (what the SDK returned) with
 * `server`, the facts from the harness's own record, beside it. The runner and `audit` both build
 * it this way, so a vector's `expected.server` is checked against the record, not the adapter.
 */
import type { CaseEvidence } from "./evidence.ts";
import { evidenceFacts } from "./evidence-facts.ts";

/** `{...output, server: facts}`; an output that is not an object is returned as it is (the judge then reports it). */
export function observedValue(output: unknown, evidence: Pick<CaseEvidence, "exchanges" | "tool_runs">): unknown {
  if (typeof output !== "object" || output === null || Array.isArray(output)) return output;
  return { ...output, server: evidenceFacts(evidence) };
}
