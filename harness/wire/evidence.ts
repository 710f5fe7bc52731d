/**
 * The evidence record of one wire case: every Socket.IO packet between the harness's Server and the
 * Computer under test, in both directions, decoded, with the handshake requests and the script's
 * steps. Plain JSON (snake_case, like the report), so it goes into the case's transcript as it is and
 * evidence-facts.ts re-derives every fact from it alone.
 */
import type { CaseEvidence } from "../transport/index.ts";
import type { LandingEvidence } from "./landing-root.ts";
import type { WireStep } from "./scene.ts";

/** One decoded Socket.IO packet. `dir` is seen from the Server: `in` came from the Computer. */
export interface WirePacket {
  /** 1-based, in the order the Server saw or sent them, across connections. */
  readonly seq: number;
  /** Milliseconds from the case's opening. */
  readonly t_ms: number;
  readonly dir: "in" | "out";
  /** The Engine.IO connection id (one per Socket.IO client connection). */
  readonly conn: string;
  readonly type: "connect" | "disconnect" | "event" | "ack" | "connect_error" | "unparseable";
  readonly nsp: string;
  /** EVENT: the event name (args[0] of the wire array). */
  readonly event?: string;
  /** EVENT: the arguments after the name; ACK: the ack's arguments; CONNECT: [auth] in, [{sid}] out. */
  readonly args?: readonly unknown[];
  /** The ack id an EVENT asks for, or the one an ACK answers. */
  readonly ack_id?: number;
  /** Set when an argument was cut to the per-packet budget: the JSON size it had. */
  readonly truncated_bytes?: number;
}

/** One Engine.IO handshake request: how the Computer first reached the Server. */
export interface WireHandshake {
  readonly conn: string;
  readonly t_ms: number;
  /** The request's path and query, as sent. */
  readonly url: string;
  /** polling or websocket. */
  readonly transport: string;
}

/**
 * A handshake the scene refused: it did not present the case's secret (case-seal.ts). Engine.IO
 * never opened a connection for it, so it has no packets; it is kept, never judged.
 */
export interface WireIntruder {
  readonly t_ms: number;
  /** The client's port on 127.0.0.1 (which process it was is not knowable from here). */
  readonly remote_port: number | null;
  /** The smcp_case value its URL carried (null: none). */
  readonly presented: string | null;
  /** Its request's path and query as sent, cut to 300 characters. */
  readonly url: string;
}

/** What the Server's script did at one step (the packets hold what went over the wire). */
export interface StepRecord {
  readonly index: number;
  readonly step: WireStep;
  /** The emit's request payload as sent, with its req_id. */
  readonly request?: Readonly<Record<string, unknown>>;
  readonly req_id?: string;
  /** The connection and ack id the emit went out with: its ACK packet answers that id on that connection. */
  readonly conn?: string;
  readonly ack_id?: number;
  readonly t_ms: number;
  /** add_tool / add_window: how many open MCP sessions were told of the change (null: the mode keeps none). */
  readonly mcp_sessions?: number | null;
  /** The step could not be played (the Computer gone, an earlier step missing): why. */
  readonly skipped?: string;
}

export interface WireEvidence {
  /** The live role whose scene this is: the SDK's Computer under test. */
  readonly kind: "computer";
  readonly case_id: string;
  /** The URL the adapter was given, with the case's secret (`?smcp_case=<hex>`, case-seal.ts). */
  readonly url: string;
  readonly office_id: string;
  readonly computer_name: string;
  readonly opened_at: string;
  /** The admitted connections' handshakes: each presented the secret in `url`'s query. */
  readonly handshakes: readonly WireHandshake[];
  /** Handshakes refused for lacking the case's secret; `intruders_not_kept` counts those past the first 50. */
  readonly intruders: readonly WireIntruder[];
  readonly intruders_not_kept?: number;
  readonly packets: readonly WirePacket[];
  readonly steps: readonly StepRecord[];
  /** Credentials the harness planted in the Computer's MCP configs: looked for in every packet the Computer sent. */
  readonly planted_secrets: readonly string[];
  /** Each MCP server's own record (the transport suite's), by config name. */
  readonly mcp: Readonly<Record<string, CaseEvidence>>;
  /** How the scene ended: `script_done` (the Server disconnected the Computer), `no_join` (never joined in the time box), `closed` (the case was closed first). */
  readonly ended: "script_done" | "no_join" | "closed";
  /** Packets left out once the case's packet budget was spent. */
  readonly dropped_packets: number;
  /** The landing root the Computer was given, and what it held after the case (absent: none was given). */
  readonly landing?: LandingEvidence;
}
