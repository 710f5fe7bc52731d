/**
 * The reference implementation called directly, without a process boundary. Its transcripts hold
 * the protocol lines it would exchange, so they audit like any adapter's; those lines are encoded
 * only when read (a report being written), not on the hot path of a large run or fuzz. A live
 * operation (wire.*) is answered asynchronously, through a promise, so any number run at once: the
 * handshake (adapters/reference/hello.ts) lists them as `concurrent`.
 */
import {
  READINGS,
  type ReferenceReading,
  readingLiveOperations,
  readingOperations,
  referenceHello,
} from "../../adapters/reference/hello.ts";
import { answerReference, answerReferenceLive, type ReferenceAnswer } from "../../adapters/reference/operations.ts";
import { type Answer, type Implementation, type Transcript, withAnswerNow } from "../model/implementation.ts";
import { isDraft } from "../model/protocols.ts";
import { encode } from "../protocol/messages.ts";
import { handshakeOf, resultOf } from "../protocol/to-result.ts";

/** Each reading of the reference under the name it goes by: `reference`, `reference@0.3.0`, `reference@0.5.0-dev`. */
export const REFERENCE_READINGS: Readonly<Record<string, ReferenceReading>> = Object.fromEntries(
  Object.entries(READINGS).map(([reading, { name }]) => [name, reading as ReferenceReading]),
);

/**
 * The reading plain `reference` stands for in a run judged at `protocol`: at a draft, the reading
 * that implements that draft, if there is one; else the 0.4.0 reference, as at every released
 * version (`--protocol 0.3.0` judges the 0.4.0 reference at 0.3.0, as it always has).
 */
export function referenceReadingAt(protocol: string | undefined): ReferenceReading {
  const drafted =
    protocol !== undefined && isDraft(protocol)
      ? Object.values(REFERENCE_READINGS).find((r) => READINGS[r].protocol === protocol)
      : undefined;
  return drafted ?? "0.4";
}

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

/**
 * The reference in-process: protocol 0.4.0 by default, the kit's v0.3.0 readings (`reference@0.3.0`),
 * or the 0.5.0-dev draft's Server (`reference@0.5.0-dev`).
 */
export function referenceInProcess(reading: ReferenceReading = "0.4"): Implementation {
  let nextId = 1;
  const handshake = handshakeOf(referenceHello(reading));
  const table = readingOperations(reading);
  const live = readingLiveOperations(reading);
  const answered = (id: number, op: string, input: Record<string, unknown>, answer: ReferenceAnswer, started: number): Answer => ({
    result: resultOf(answer),
    transcript: new LazyTranscript(id, op, input, answer),
    duration_ms: performance.now() - started,
    attempts: 1,
  });
  const answerNow = (op: string, input: Record<string, unknown>): Answer => {
    const started = performance.now();
    const id = nextId++;
    const answer = answerReference(id, op, input, table);
    return answered(id, op, input, answer, started);
  };
  const answerLive = async (op: string, input: Record<string, unknown>): Promise<Answer> => {
    const started = performance.now();
    const id = nextId++;
    return answered(id, op, input, await answerReferenceLive(id, op, input, live), started);
  };
  return {
    name: READINGS[reading].name,
    transport: "in-process",
    start: async () => handshake,
    call: withAnswerNow((op, input) => {
      if (Object.hasOwn(live, op)) return answerLive(op, input);
      try {
        return Promise.resolve(answerNow(op, input));
      } catch (error) {
        return Promise.reject(error); // a reference bug: the run records it as that case's failure
      }
    }, answerNow),
    stop: async () => ({ restarts: 0, stderr_tail: "" }),
    kill: () => {},
  };
}
