/**
 * Clients a wire.server vector keeps connected while the harness stops the Server (`through_stop`):
 * the stop then meets members still in their offices, as a Server shutting down does (room-model.md
 * §自动离开场景 3), instead of a Server every client has already left. Whether and how the Server
 * ended each such connection is kept; the wait for it ends on the evidence, within a grace.
 */
import type { Socket } from "socket.io-client";
import { pollUntil } from "./script.ts";

/** After the stop answered, how long a kept client may take to notice that its connection ended (a DISCONNECT or the transport's close in flight). */
export const THROUGH_STOP_GRACE_MS = 3_000;

/** One kept client across the stop. */
export interface ThroughStopRecord {
  /** Connected when the stop began (a client the script never connected, or that was already gone, was not kept). */
  readonly connected_at_stop: boolean;
  /** Its connection ended by the Server, by the stop's answer plus the grace. */
  readonly ended: boolean;
  /** socket.io-client's reason: "io server disconnect" (a DISCONNECT for /smcp), "transport close", …; null when not ended. */
  readonly reason: string | null;
  /** From the stop's answer to the end (or to the grace's end). */
  readonly waited_ms: number;
}

/** Runs `stop` with the kept clients still connected, then records how each one's connection ended. */
export async function keepThroughStop(
  kept: ReadonlyMap<string, Socket>,
  stop: () => Promise<void>,
): Promise<Record<string, ThroughStopRecord>> {
  const reasons = new Map<string, string>();
  const connected = new Map<string, boolean>();
  for (const [key, socket] of kept) {
    connected.set(key, socket.connected);
    socket.once("disconnect", (reason: string) => reasons.set(key, reason));
  }
  try {
    await stop();
  } catch {
    // The stop's own outcome is the caller's to judge; the kept clients are recorded either way.
  }
  const answered = performance.now();
  const records: Record<string, ThroughStopRecord> = {};
  for (const key of kept.keys()) {
    const wasConnected = connected.get(key) === true;
    const ended = wasConnected && (await pollUntil(() => reasons.has(key), THROUGH_STOP_GRACE_MS - (performance.now() - answered)));
    records[key] = {
      connected_at_stop: wasConnected,
      ended,
      reason: ended ? (reasons.get(key) ?? null) : null,
      waited_ms: Math.round(performance.now() - answered),
    };
  }
  return records;
}
