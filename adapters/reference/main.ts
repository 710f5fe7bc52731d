/**
 * The reference implementation as a subprocess adapter: reads harness messages from stdin, one
 * JSON per line, and writes answers to stdout. Proves the adapter protocol end to end (2: a batch of
 * calls is answered in one line, its live calls, which the harness never batches, refused). A live
 * operation answers when it is done, so several run at once and answer in any order; a Server
 * started by wire.server serves on after its answer, until stopped or the adapter shuts down.
 */
import { createInterface } from "node:readline";
import { REFERENCE_HELLO } from "./hello.ts";
import { answerReference, answerReferenceLive, REFERENCE_LIVE_OPERATIONS, stopReferenceLive } from "./operations.ts";

const out = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  let message: {
    type?: string;
    id?: number;
    op?: string;
    input?: Record<string, unknown>;
    adapter_protocol?: number;
    calls?: { id: number; op: string; input?: Record<string, unknown> }[];
  };
  try {
    message = JSON.parse(line);
  } catch {
    process.stderr.write(`reference adapter: ignoring a line that is not JSON: ${line.slice(0, 200)}\n`);
    return;
  }
  if (message.type === "hello")
    out({ ...REFERENCE_HELLO, adapter_protocol: Math.min(REFERENCE_HELLO.adapter_protocol, message.adapter_protocol ?? 1) });
  else if (message.type === "call") call(message.id!, message.op!, message.input ?? {});
  else if (message.type === "batch") out({ type: "batch", answers: (message.calls ?? []).map(batched) });
  else if (message.type === "shutdown") lines.close();
  else process.stderr.write(`reference adapter: unknown message type ${String(message.type)}\n`);
});

/**
 * Live calls still running; the process exits once stdin is closed and none is left, after
 * stopping what outlives its call (a wire.server Server keeps serving after its start answered).
 */
let live = 0;
let closed = false;
let exiting = false;
const exitWhenDone = () => {
  if (!closed || live > 0 || exiting) return;
  exiting = true;
  void stopReferenceLive().finally(() => process.exit(0));
};

function call(id: number, op: string, input: Record<string, unknown>): void {
  if (!Object.hasOwn(REFERENCE_LIVE_OPERATIONS, op)) {
    out(answerReference(id, op, input));
    return;
  }
  live++;
  // A rejection is a reference bug: left unhandled it ends the process, as a synchronous throw does.
  void answerReferenceLive(id, op, input)
    .then(out)
    .finally(() => {
      live--;
      exitWhenDone();
    });
}

/** A call of a batch: answered at once; a live one would hold the whole batch back, so it is refused. */
function batched(call: { id: number; op: string; input?: Record<string, unknown> }): unknown {
  if (!Object.hasOwn(REFERENCE_LIVE_OPERATIONS, call.op)) return answerReference(call.id, call.op, call.input ?? {});
  const message = `${call.op} is a live operation: the harness sends it alone, never in a batch (adapter protocol 2)`;
  return { type: "result", id: call.id, ok: false, error: { reason: "unclassified", message, raw_type: "BatchedLiveCall" } };
}

lines.on("close", () => {
  closed = true;
  exitWhenDone();
});
