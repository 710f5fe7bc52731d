/**
 * The reference implementation called directly, without a process boundary. It still writes the
 * protocol lines it would exchange, so its transcripts audit like any adapter's.
 */
import { REFERENCE_HELLO } from "../../adapters/reference/hello.ts";
import { answerReference } from "../../adapters/reference/operations.ts";
import { encode } from "../protocol/messages.ts";
import { handshakeOf, resultOf } from "../protocol/to-result.ts";
import type { Implementation } from "./types.ts";

export const REFERENCE_HANDSHAKE = handshakeOf(REFERENCE_HELLO);

export function referenceInProcess(): Implementation {
  let nextId = 1;
  return {
    name: "reference",
    transport: "in-process",
    start: async () => REFERENCE_HANDSHAKE,
    call: async (op, input) => {
      const started = performance.now();
      const id = nextId++;
      const answer = answerReference(id, op, input);
      return {
        result: resultOf(answer),
        transcript: { request: encode({ type: "call", id, op, input }).trimEnd(), response: encode(answer).trimEnd() },
        duration_ms: performance.now() - started,
        attempts: 1,
      };
    },
    stop: async () => ({ restarts: 0, stderr_tail: "" }),
    kill: () => {},
  };
}
