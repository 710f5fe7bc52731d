/** The value a wire case is judged on: the adapter's answer (how its session went) with the Server's facts beside it. */
import type { WireEvidence } from "./evidence.ts";
import { wireFacts } from "./evidence-facts.ts";

export function wireObservedValue(output: unknown, evidence: WireEvidence): Record<string, unknown> {
  const own = output !== null && typeof output === "object" && !Array.isArray(output) ? (output as Record<string, unknown>) : {};
  return { ...own, ...wireFacts(evidence) };
}
