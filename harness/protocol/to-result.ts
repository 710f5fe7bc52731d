/** Turns an adapter's answer message into the harness's CallResult. */
import type { CallResult, Handshake } from "../model/implementation.ts";
import type { HelloMessage, ResultMessage } from "./messages.ts";

export function resultOf(message: ResultMessage): CallResult {
  if (message.type === "unsupported") return { kind: "unsupported", message: message.message };
  if (message.ok) return { kind: "ok", output: message.output };
  return { kind: "error", error: message.error };
}

export function handshakeOf(hello: HelloMessage): Handshake {
  return {
    implementation: hello.implementation,
    sdk: hello.sdk,
    protocol_version: hello.protocol_version,
    operations: hello.operations,
    ...(hello.concurrent !== undefined ? { concurrent: hello.concurrent } : {}),
    ...(hello.runtime !== undefined ? { runtime: hello.runtime } : {}),
    adapter_protocol: hello.adapter_protocol,
  };
}
