/** The value a wire case is judged on: the adapter's answer (how its session went) with the Server's facts beside it. */
import { answerSightings } from "./canary-scan.ts";
import type { ComputerSceneEvidence } from "./computer-evidence.ts";
import { computerFacts, type StepFacts } from "./computer-facts.ts";

/**
 * The answer and the facts; leaked_secrets also reads the error the SDK raised for the session
 * (`raised`: at its start, connect, join or while serving), a public diagnostic of its startup as
 * much as an act's answer is (`answer:raised/<pointer>`).
 */
export function computerObservedValue(
  output: unknown,
  evidence: ComputerSceneEvidence,
  configured?: ReadonlyArray<Record<string, unknown>>,
): Record<string, unknown> {
  const own = output !== null && typeof output === "object" && !Array.isArray(output) ? (output as Record<string, unknown>) : {};
  const facts = computerFacts(evidence, configured);
  const raised = answerSightings(evidence?.planted_secrets ?? [], [{ at: "answer:raised", value: own.raised }]);
  return { ...own, ...facts, leaked_secrets: [...facts.leaked_secrets, ...raised] };
}

/**
 * What implementations are compared on (where they disagree): the protocol-relevant classification
 * of each step's ack and of the session, not the raw acks (they echo per-case req_ids and URLs, and
 * SDKs legitimately differ in descriptions or schema details).
 */
export function computerComparedValue(evidence: ComputerSceneEvidence): Record<string, unknown> {
  const facts = computerFacts(evidence);
  const pick = (step: StepFacts) => ({
    acked: step.acked,
    shape: step.shape,
    ...(step.code !== null ? { code: step.code } : {}),
    ...(step.reason !== null ? { reason: step.reason } : {}),
    ...(step.is_error !== undefined && step.is_error !== null ? { is_error: step.is_error } : {}),
  });
  return {
    joined: facts.join !== null,
    steps: Object.fromEntries(Object.entries(facts.steps).map(([name, step]) => [name, pick(step)])),
    tool_runs: facts.tool_runs,
    leaks_credential: facts.leaked_secrets.length > 0,
    ...(facts.planted_paths > 0 ? { shows_planted_path: facts.planted_path_sightings.length > 0 } : {}),
    ...(facts.landing ? { landed_files: facts.landing.landed.length } : {}),
  };
}
