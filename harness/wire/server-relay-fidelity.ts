/**
 * What a Server under test did to a routed `client:*` exchange, from the scene's record alone: the
 * request the kit's Agent sent against the one the kit's Computer received, and the Computer's
 * answer against the ack the Agent received. events.md has the Server forward the request to the
 * Computer and the result back (§client:tool_call's flow; an ErrorPayload ack passes through
 * unchanged on every client:* route, §client:get_tools), so the reading is "nothing changes": each
 * structural difference is listed (tool-result-fidelity.ts's structuralChanges), none is excused.
 * Pure and tolerant of damaged records.
 */
import type { WirePacket } from "./scene-record.ts";
import type { ServerSceneEvidence } from "./server-scene.ts";
import { serverStepName } from "./server-scene.ts";
import { type Change, structuralChanges } from "./tool-result-fidelity.ts";

export interface ServerRelay {
  /** Whether a Computer of the scene received the request at all (matched by event and req_id). */
  readonly routed: boolean;
  /** Whether the Agent received an ack for it. */
  readonly answered: boolean;
  /** The request as sent → as the Computer received it. */
  readonly request_changes: readonly Change[];
  /** The Computer's answer → the ack the Agent received; empty when either side is missing. */
  readonly answer_changes: readonly Change[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every `client:*` step of the scene (an Agent's routed request), by step name. */
export function serverRelays(evidence: Pick<ServerSceneEvidence, "packets" | "steps">): Record<string, ServerRelay> {
  const packets = Array.isArray(evidence?.packets) ? evidence.packets : [];
  const out: Record<string, ServerRelay> = {};
  for (const record of evidence?.steps ?? []) {
    const event = record?.step?.send;
    if (typeof event !== "string" || !event.startsWith("client:") || record.client === undefined) continue;
    const sent = record.request;
    const reqId = isObject(sent) ? sent.req_id : undefined;
    const received = packets.find(
      (p) =>
        p.dir === "in" &&
        p.type === "event" &&
        p.event === event &&
        p.conn !== record.client &&
        (reqId === undefined || (isObject(p.args?.[0]) && p.args[0].req_id === reqId)),
    );
    const answer = received?.ack_id === undefined ? undefined : ackOf(packets, "out", received.conn, received.ack_id);
    const ack = record.ack_id === undefined ? undefined : ackOf(packets, "in", record.client, record.ack_id);
    out[serverStepName(record.step)] = {
      routed: received !== undefined,
      answered: ack !== undefined,
      request_changes: received ? structuralChanges(sent, received.args?.[0]) : [],
      answer_changes: answer && ack ? structuralChanges(firstArg(answer), firstArg(ack)) : [],
    };
  }
  return out;
}

function ackOf(packets: readonly WirePacket[], dir: "in" | "out", conn: string, ackId: number): WirePacket | undefined {
  return packets.find((p) => p.dir === dir && p.type === "ack" && p.conn === conn && p.ack_id === ackId);
}

/** An ack's value: its one argument, or the argument list when it has several (a tuple ack). */
function firstArg(packet: WirePacket): unknown {
  const args = packet.args ?? [];
  return args.length === 1 ? args[0] : args;
}
