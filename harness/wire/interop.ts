/**
 * An interop case: one SDK's Agent drives one SDK's Computer through one SDK's Server, with the
 * harness's recording relay in front of that Server and its real MCP server behind the Computer.
 * The scene (a vector's input), the record it leaves, and the facts a verdict rests on: what the
 * Agent's API surfaced, what crossed the relay, what the MCP server ran. Pure.
 */
import type { InteropRawStatus, InteropRoleName } from "../model/interop.ts";
import { evidenceFacts as mcpFacts } from "../transport/index.ts";
import { agentFacts, type RequestFacts, type SurfacedFacts, surfacedOf } from "./agent-facts.ts";
import { type AgentSceneStep, checkAgentScript } from "./agent-scene.ts";
import { admittedPart } from "./case-seal.ts";
import type { McpServerScene } from "./computer-scene.ts";
import type { RelayRecord } from "./relay.ts";
import type { WirePacket } from "./scene-record.ts";
import { answeredStopped } from "./server-scene.ts";

export { WIRE_INTEROP_OP } from "../model/operations.ts";
export const INTEROP_COMPUTER = "interop-computer";
export const INTEROP_AGENT = "interop-agent";
const DEFAULT_TIME_BOX_MS = 25_000;
const NOTIFY_EVENTS = ["notify:enter_office", "notify:leave_office", "notify:update_config", "notify:update_tool_list"] as const;

export interface InteropSpec {
  readonly servers: readonly McpServerScene[];
  readonly script: readonly AgentSceneStep[];
  readonly time_box_ms: number;
  /** Once the Agent's first request of this event is answered, the named MCP server adds a tool (tools/list_changed). */
  readonly add_tool?: { readonly after: string; readonly server: string };
}

export type PreparedInterop = { readonly ok: true; readonly spec: InteropSpec } | { readonly ok: false; readonly problem: string };

export function prepareInterop(input: unknown): PreparedInterop {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return { ok: false, problem: "the wire.interop input is not an object" };
  const raw = input as Partial<InteropSpec>;
  const servers = (raw.servers ?? [{ name: "inventory", bundle_id: "inv" }]).map((s) => ({ ...s, name: s.name ?? "inventory" }));
  const problem = checkAgentScript(raw.script ?? []);
  if (problem) return { ok: false, problem };
  if (raw.add_tool && !servers.some((s) => s.name === raw.add_tool?.server && s.server_mode === "legacy_sessionful"))
    return { ok: false, problem: `add_tool names "${raw.add_tool.server}", which is no server with server_mode legacy_sessionful` };
  return {
    ok: true,
    spec: {
      servers,
      script: raw.script ?? [],
      time_box_ms: raw.time_box_ms ?? DEFAULT_TIME_BOX_MS,
      ...(raw.add_tool ? { add_tool: raw.add_tool } : {}),
    },
  };
}

/** One adapter call of the case as the transcript keeps it: the lines, how it ended, the answer when there was one. */
export interface RoleCall {
  readonly request: string | null;
  readonly response: string | null;
  readonly result: string;
  readonly output?: unknown;
  readonly message?: string;
}

export interface InteropEvidence {
  readonly kind: "interop";
  readonly case_id: string;
  readonly roles: Readonly<Record<InteropRoleName, string>>;
  readonly office_id: string;
  readonly relay: RelayRecord | null;
  readonly server_start: RoleCall;
  readonly server_stop: RoleCall | null;
  readonly computer: RoleCall | null;
  readonly agent: RoleCall | null;
  /** Why the case stopped before the Agent ran, when it did. */
  readonly stopped?: string;
  readonly mcp: Readonly<Record<string, unknown>>;
  readonly added_tool?: boolean;
}

export interface InteropFacts {
  /** How each role's adapter call ended: ok, or the driver's kind (timeout = a hang, crash, …), or not_run. */
  readonly calls: Readonly<Record<InteropRoleName, string>>;
  readonly computer_joined: boolean;
  readonly agent_joined: boolean;
  readonly surfaced: Readonly<Record<string, SurfacedFacts>>;
  readonly requests: Readonly<Record<string, RequestFacts>>;
  /** Per notification: the relay passed it to the Agent's connection, and the Agent's handlers received it. */
  readonly notified: Readonly<Record<string, { readonly delivered: boolean; readonly received: boolean }>>;
  readonly tool_runs: number;
}

/** The connection that joined as `role` through the relay (its first join_office of that role). */
function connOf(packets: readonly WirePacket[], role: InteropRoleName): string | undefined {
  return packets.find(
    (p) => p.dir === "in" && p.event === "server:join_office" && (p.args?.[0] as { role?: unknown } | undefined)?.role === role,
  )?.conn;
}

function joinAcked(packets: readonly WirePacket[], conn: string | undefined): boolean {
  if (conn === undefined) return false;
  const join = packets.find((p) => p.dir === "in" && p.conn === conn && p.event === "server:join_office");
  if (join?.ack_id === undefined) return packets.some((p) => p.conn === conn && p.dir === "in" && p.event?.startsWith("client:"));
  const ack = packets.find((p) => p.dir === "out" && p.type === "ack" && p.conn === conn && p.ack_id === join.ack_id);
  return ack !== undefined && (ack.args?.length === 0 || ack.args?.[0] === true);
}

/** The case's admitted packets and the connections its Agent and Computer joined on (interop-blame.ts reads them). */
export function interopConversation(evidence: InteropEvidence): {
  readonly packets: readonly WirePacket[];
  readonly conns: { readonly agent: string | undefined; readonly computer: string | undefined };
} {
  const { packets } = admittedPart(evidence?.relay ?? {});
  return { packets, conns: { agent: connOf(packets, "agent"), computer: connOf(packets, "computer") } };
}

export function interopFacts(evidence: InteropEvidence): InteropFacts {
  const relay = evidence?.relay;
  // Only the case's own Agent and Computer count: connections that presented its secret (case-seal.ts).
  const { packets, handshakes } = admittedPart(relay ?? {});
  const agentConn = connOf(packets, "agent");
  const computerConn = connOf(packets, "computer");
  const agentOutput = evidence?.agent?.output;
  const facts = agentFacts(
    agentOutput,
    { url: relay?.url ?? "", packets, handshakes, office_id: evidence?.office_id ?? "", agent_name: INTEROP_AGENT },
    (p) => p.dir === "in" && p.conn === agentConn,
  );
  const received = new Set(
    ((agentOutput as { notifications?: Array<{ event?: unknown }> } | undefined)?.notifications ?? []).map((n) => n?.event),
  );
  const mcp = Object.values(evidence?.mcp ?? {}).map((e) => mcpFacts(e as never));
  const callKind = (c: RoleCall | null | undefined) => c?.result ?? "not_run";
  return {
    calls: {
      agent: callKind(evidence?.agent),
      server: serverCallKind(evidence?.server_start, evidence?.server_stop),
      computer: callKind(evidence?.computer),
    },
    computer_joined: joinAcked(packets, computerConn),
    agent_joined: joinAcked(packets, agentConn),
    surfaced: surfacedOf((agentOutput as { steps?: unknown } | undefined)?.steps),
    requests: facts.requests,
    notified: Object.fromEntries(
      NOTIFY_EVENTS.map((event) => [
        event,
        {
          delivered: packets.some((p) => p.dir === "out" && p.conn === agentConn && p.event === event),
          received: received.has(event),
        },
      ]),
    ),
    tool_runs: mcp.reduce((n, f) => n + (f.tool_runs ?? 0), 0),
  };
}

/**
 * The Server role's call over its start and its stop: a Server whose stop timed out, failed, or was
 * not answered `{stopped: true}` did not play its part cleanly (as in a wire.server case), so the
 * cell is a hang or a failure, never a pass on the scene alone.
 */
function serverCallKind(start: RoleCall | null | undefined, stop: RoleCall | null | undefined): string {
  const started = start?.result ?? "not_run";
  if (started !== "ok" || !stop) return started;
  if (stop.result !== "ok") return stop.result;
  return answeredStopped(stop.output) ? "ok" : "not_stopped";
}

/** The case's raw status: a role's adapter call that hit its time box is a timeout (the grid's hang), whatever the facts say. */
export function interopRawStatus(status: string, facts: InteropFacts | undefined): InteropRawStatus {
  if (facts && Object.values(facts.calls).includes("timeout")) return "timeout";
  return status === "pass" ? "pass" : "fail";
}
