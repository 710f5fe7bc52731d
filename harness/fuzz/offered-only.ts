/**
 * Fuzz asks an implementation only for the operations its handshake offers, as `run` does: for
 * the others its answer is `unsupported`, never sent. An adapter that claims no operation then
 * judges nothing, and the gate fails it (it used to be asked anyway and pass on its answers).
 */
import type { Answer, Handshake, Implementation } from "../model/implementation.ts";

export function offeredOnly(impl: Implementation, handshake: Handshake, ops: readonly string[]): Implementation {
  if (ops.every((op) => handshake.operations.includes(op))) return impl;
  const notOffered = (op: string): Answer => ({
    result: { kind: "unsupported", message: `${impl.name} does not offer ${op}` },
    transcript: { request: null, response: null, fault: { kind: "not_sent", detail: `unsupported: ${impl.name} does not offer ${op}` } },
    duration_ms: 0,
    attempts: 0,
  });
  return {
    name: impl.name,
    transport: impl.transport,
    start: () => impl.start(),
    call: (op, input, options) => (handshake.operations.includes(op) ? impl.call(op, input, options) : Promise.resolve(notOffered(op))),
    stop: () => impl.stop(),
    kill: () => impl.kill(),
  };
}
