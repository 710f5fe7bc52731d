/**
 * An SDK's own Server, started and stopped through its adapter (`wire.server` start / stop), written
 * once for the two places that need one: a wire.server case (the kit's clients play the scene
 * against it) and an interop case (the relay sits in front of it). The start's answer is kept as
 * given; the kit connects only to a loopback base URL.
 */
import type { Answer, Implementation } from "../model/implementation.ts";
import { type AuthHook, STOP_BUDGET_MS, serverStartCall, WIRE_SERVER_OP } from "../wire/index.ts";

const LOOPBACK_BASE = /^http:\/\/127\.0\.0\.1:[0-9]{1,5}$/;

export interface RunningServer {
  /** The base URL the adapter answered (loopback only). */
  readonly url: string;
  readonly server_id: string;
  /** The adapter's stop of this Server (bounded by STOP_BUDGET_MS). */
  stop(): Promise<Answer>;
}

/** Starts the Server for `timeBoxMs` (plus a stop's allowance); `running` is absent unless it answered a loopback URL and an id. */
export async function startSdkServer(
  impl: Implementation,
  timeBoxMs: number,
  authHook?: AuthHook,
): Promise<{ readonly started: Answer; readonly running?: RunningServer }> {
  const started = await impl.call(WIRE_SERVER_OP, serverStartCall(timeBoxMs, authHook), { timeoutMs: STOP_BUDGET_MS * 2 });
  if (started.result.kind !== "ok") return { started };
  const output = started.result.output as { url?: unknown; server_id?: unknown } | null;
  const url = output?.url;
  const serverId = output?.server_id;
  if (typeof url !== "string" || !LOOPBACK_BASE.test(url) || typeof serverId !== "string") return { started };
  return {
    started,
    running: {
      url,
      server_id: serverId,
      stop: () => impl.call(WIRE_SERVER_OP, { action: "stop", server_id: serverId }, { timeoutMs: STOP_BUDGET_MS }),
    },
  };
}
