/** A live case's answer with its scene's record in the transcript (wire.computer and wire.agent cases alike). */
import type { Answer, LiveRecord } from "../model/implementation.ts";

export function withWireEvidence(answer: Answer, caseId: string, evidence: LiveRecord): Answer {
  return {
    ...answer,
    // Read field by field: an in-process transcript encodes its lines lazily, in getters a spread would drop.
    transcript: {
      request: answer.transcript.request,
      response: answer.transcript.response,
      ...(answer.transcript.fault ? { fault: answer.transcript.fault } : {}),
      wire: { case_id: caseId, evidence },
    },
  };
}
