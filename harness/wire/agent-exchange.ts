/**
 * An Agent-under-test case's lines behind a difference: `/surfaced/<step>` what the SDK's API gave
 * for that step (the adapter's answer); `/requests/<event>` the Agent's packets of that event and
 * their acks; `/handshake`, `/join`, `/cancels_name_a_call`, `/cancels_conform` the packets behind them. Pure.
 */
import type { Difference } from "../model/difference.ts";
import type { AgentSceneEvidence } from "./agent-scene.ts";
import { SMCP_NAMESPACE } from "./computer-scene.ts";
import { packetLine } from "./exchange.ts";
import type { WirePacket } from "./scene-record.ts";

const VALUE_CHARS = 200;

export function agentLinesBehind(evidence: AgentSceneEvidence, output: unknown, diff: Difference | undefined): string[] {
  const [, top, key] = (diff?.path ?? "").split("/");
  const packets = (evidence.packets ?? []).filter((p) => p.nsp === SMCP_NAMESPACE);
  if (top === "surfaced") {
    const steps = (output as { steps?: unknown[] } | undefined)?.steps ?? [];
    const step = steps.find((s) => (s as { as?: unknown })?.as === key) as Record<string, unknown> | undefined;
    if (!step) return [`the adapter's answer has no step "${key}"`];
    const said = step.error ?? step.value ?? step.reason ?? null;
    return [`the SDK's ${key}: ${String(step.outcome)} ${clip(JSON.stringify(said) ?? "")}`];
  }
  const sentBy = (pred: (p: WirePacket) => boolean) => packets.filter((p) => p.dir === "in" && p.type === "event" && pred(p));
  const withAcks = (sent: WirePacket[]) =>
    sent
      .slice(0, 3)
      .flatMap((s) => [
        s,
        ...packets.filter(
          (p) => p.dir === "out" && p.type === "ack" && p.ack_id === s.ack_id && p.conn === s.conn && s.ack_id !== undefined,
        ),
      ]);
  if (top === "requests" && key !== undefined) return withAcks(sentBy((p) => p.event === key)).map((p) => packetLine(p));
  if (top === "handshake" || top === "connected")
    return packets
      .filter((p) => p.dir === "in" && p.type === "connect")
      .slice(0, 1)
      .map((p) => packetLine(p));
  if (top === "join") return withAcks(sentBy((p) => p.event === "server:join_office")).map((p) => packetLine(p));
  if (top === "cancels_name_a_call" || top === "cancels_conform")
    return sentBy((p) => p.event === "client:tool_call" || p.event === "server:tool_call_cancel").map((p) => packetLine(p));
  return [];
}

function clip(text: string): string {
  return text.length <= VALUE_CHARS ? text : `${text.slice(0, VALUE_CHARS)}…`;
}
