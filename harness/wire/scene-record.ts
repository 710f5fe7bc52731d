/**
 * What every live scene's record is made of: the decoded Socket.IO packets, the admitted handshakes
 * and the refused ones. Plain JSON (snake_case, like the report), so a record goes into the case's
 * transcript as it is and the facts are re-derived from it alone.
 */

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
 * A handshake of the case's own party that the scene left unanswered (a Server that never answers
 * the Engine.IO handshake, kit-server.ts `answerHandshakes: false`): no connection, no packets.
 */
export interface WireHeldHandshake {
  readonly t_ms: number;
  /** The request's path and query, as sent. */
  readonly url: string;
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
