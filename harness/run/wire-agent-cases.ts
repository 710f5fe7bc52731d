/**
 * Agent-under-test cases (`wire.agent` in the wire-agent suite): the harness opens its own Server
 * with a scripted Computer, the adapter drives its SDK's Agent against it, and the Server's record
 * of every packet joins the transcript beside the adapter's answer (what the SDK's API surfaced).
 */
import type { Answer, Implementation } from "../model/implementation.ts";
import type { Vector } from "../model/vector.ts";
import { AGENT_CLOSE_ALLOWANCE_MS, caseSlug, openAgentCase, prepareAgentScene } from "../wire/index.ts";
import { withWireEvidence } from "./wire-evidence.ts";

export async function wireAgentAnswer(impl: Implementation, vector: Vector, notSent: (message: string) => Answer): Promise<Answer> {
  const prepared = prepareAgentScene(vector.input);
  if (!prepared.ok) return notSent(prepared.problem);
  const caseId = caseSlug(impl.name, vector.id);
  let opened: Awaited<ReturnType<typeof openAgentCase>>;
  try {
    opened = await openAgentCase(caseId, prepared.spec);
  } catch (error) {
    return notSent(`the Agent scene's Server could not start: ${(error as Error).message}`);
  }
  let answer: Answer;
  try {
    answer = await impl.call(vector.op, opened.call, {
      timeoutMs: opened.call.time_box_ms + AGENT_CLOSE_ALLOWANCE_MS,
    });
  } finally {
    await opened.drained();
  }
  return withWireEvidence(answer, caseId, await opened.close());
}
