/**
 * One burst of calls to an adapter: what the window allows taken from the queue, put in flight and
 * written as one text (a pipelined burst costs one write, not one per call). To an adapter that
 * speaks protocol 2 the calls go in batch lines; a call of an operation the adapter answers
 * concurrently, or any call while a suspect is being re-sent, goes alone.
 */

import { batchLine } from "../protocol/batch-line.ts";
import { BATCH_MAX } from "./driver-options.ts";
import type { InFlight } from "./in-flight.ts";
import type { Pending, PendingQueue } from "./pending-calls.ts";

export interface BurstRules {
  /** The adapter window (most calls in flight). */
  readonly window: number;
  /** Batches allowed by the options (false: one call per line, as protocol 1). */
  readonly batches: boolean;
  /** The adapter protocol the running process answered in its hello. */
  readonly protocol: number;
  /** Operations the adapter answers concurrently: always sent alone, so a long one holds back no batch. */
  readonly concurrentOps: ReadonlySet<string>;
  /** The serial of the next batch line (batches are told apart in flight by it). */
  readonly nextBatch: () => number;
}

/** Takes the calls the window allows from `queue`, puts them in flight and returns the text to write ("" when none). */
export function takeBurst(queue: PendingQueue, inFlight: InFlight, rules: BurstRules): string {
  const suspects = inFlight.suspects;
  const limit = suspects > 0 ? 1 : rules.window;
  if (inFlight.size >= limit || queue.length === 0) return "";
  const now = performance.now(); // one clock read per burst: its calls leave together
  // At most BATCH_MAX calls and half the window per batch: the adapter answers one while the next waits in its pipe.
  const batchMax = rules.batches && rules.protocol >= 2 && suspects === 0 ? Math.min(BATCH_MAX, Math.ceil(rules.window / 2)) : 1;
  let text = "";
  let batch: Pending[] = [];
  while (inFlight.size < limit && queue.length > 0) {
    const p = queue.shift()!;
    if (batchMax === 1 || rules.concurrentOps.has(p.op)) text += sendAlone(inFlight, p, now);
    else if (batch.push(p) === batchMax) {
      text += sendBatch(inFlight, batch, now, rules.nextBatch);
      batch = [];
    }
  }
  if (batch.length > 0) text += sendBatch(inFlight, batch, now, rules.nextBatch);
  return text;
}

function sendAlone(inFlight: InFlight, p: Pending, now: number): string {
  inFlight.send(p, now, 0);
  return `${p.requestLine}\n`;
}

/** Protocol 2: one line for several calls, each call's text inside it unchanged. */
function sendBatch(inFlight: InFlight, batch: readonly Pending[], now: number, nextBatch: () => number): string {
  if (batch.length === 1) return sendAlone(inFlight, batch[0]!, now);
  const serial = nextBatch();
  for (const p of batch) inFlight.send(p, now, serial);
  return `${batchLine(batch.map((p) => p.requestLine))}\n`;
}
