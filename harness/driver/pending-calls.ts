/**
 * The calls a subprocess driver holds: each one's state from queued to answered, the queue they
 * wait in, the call line they are sent as, and the answer they settle with.
 */
import type { Answer, CallResult, FaultKind } from "../model/implementation.ts";
import { encode } from "../protocol/messages.ts";

export interface Pending {
  readonly id: number;
  readonly op: string;
  readonly requestLine: string;
  readonly resolve: (answer: Answer) => void;
  attempts: number;
  /** Was in flight when the adapter died with others: re-sent alone to find the culprit. */
  suspect: boolean;
  sentAt: number;
  /** sentAt + timeoutMs: past it, the deadline sweep times the call out. */
  deadline: number;
  /** This call's case timeout: the driver's, or longer when the caller asks. */
  readonly timeoutMs: number;
  /** The batch it was last sent in (protocol 2), 0 when it went alone. */
  batch: number;
}

/** FIFO with O(1) shift: the queue may hold a whole corpus, and Array#shift on it is O(n). */
export class PendingQueue {
  private items: Pending[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(p: Pending): void {
    this.items.push(p);
  }

  shift(): Pending | undefined {
    const p = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return p;
  }

  /** Puts calls back at the front, in order (re-sent after a restart). */
  unshift(list: readonly Pending[]): void {
    this.items = [...list, ...this.items.slice(this.head)];
    this.head = 0;
  }

  /** Empties the queue and returns what it held. */
  clear(): Pending[] {
    const rest = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return rest;
  }
}

/**
 * The call message, byte for byte what `encode` writes for `{type, id, op, input}` without its
 * newline, built without the wrapper object or a trimmed copy (tests/driver check the equality).
 */
export function callLine(id: number, op: string, input: Record<string, unknown>): string {
  const inputText = JSON.stringify(input) as string | undefined;
  // Not an object after all (a caller outside the types): encode's own output, whatever it is.
  if (inputText === undefined) return encode({ type: "call", id, op, input }).trimEnd();
  return `{"type":"call","id":${id},"op":${JSON.stringify(op)},"input":${inputText}}`;
}

/**
 * A call's answer: its result, the line it was sent as (null when it never went out, and its fault
 * is then `not_sent`), the line that answered it, and the time from its last sending.
 */
export function answerOf(p: Pending, result: CallResult, response: string | null, fault?: { kind: FaultKind; detail: string }): Answer {
  const request = p.attempts > 0 ? p.requestLine : null;
  return {
    result,
    transcript: { request, response, ...(fault ? { fault: request === null ? { kind: "not_sent", detail: fault.detail } : fault } : {}) },
    duration_ms: p.attempts > 0 ? performance.now() - p.sentAt : 0,
    attempts: p.attempts,
  };
}
