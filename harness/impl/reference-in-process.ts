/**
 * The reference implementation called directly, without a process boundary. Its transcripts hold
 * the protocol lines it would exchange, so they audit like any adapter's; those lines are encoded
 * only when read (a report being written), not on the hot path of a large run or fuzz.
 */
import { REFERENCE_HELLO } from "../../adapters/reference/hello.ts";
import { answerReference, type ReferenceAnswer } from "../../adapters/reference/operations.ts";
import type { Implementation, Transcript } from "../model/implementation.ts";
import { encode } from "../protocol/messages.ts";
import { handshakeOf, resultOf } from "../protocol/to-result.ts";

export const REFERENCE_HANDSHAKE = handshakeOf(REFERENCE_HELLO);

/** Reads like a plain transcript (and serialises as one through toJSON); each line is encoded once, on first read. */
class LazyTranscript implements Transcript {
  private requestLine: string | undefined;
  private responseLine: string | undefined;

  constructor(
    private readonly id: number,
    private readonly op: string,
    private readonly input: Record<string, unknown>,
    private readonly answer: ReferenceAnswer,
  ) {}

  get request(): string {
    return (this.requestLine ??= encode({ type: "call", id: this.id, op: this.op, input: this.input }).trimEnd());
  }

  get response(): string {
    return (this.responseLine ??= encode(this.answer).trimEnd());
  }

  toJSON(): Transcript {
    return { request: this.request, response: this.response };
  }
}

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
        transcript: new LazyTranscript(id, op, input, answer),
        duration_ms: performance.now() - started,
        attempts: 1,
      };
    },
    stop: async () => ({ restarts: 0, stderr_tail: "" }),
    kill: () => {},
  };
}
