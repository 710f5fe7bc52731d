/**
 * The kit's own Socket.IO Server, written once for every scene that hosts one (the Computer scene,
 * the Agent scene, the interop relay): the `socket.io` package (pinned) on 127.0.0.1 with a port
 * from the OS, sealed to its own case's parties (case-seal.ts), every admitted connection's
 * handshake kept and every packet recorded at the Engine.IO layer (packet-recorder.ts). What the
 * Server does on `/smcp` is the scene's; nothing here judges.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Namespace, Server } from "socket.io";
import { newSeal, sealedUrl } from "./case-seal.ts";
import { SMCP_NAMESPACE } from "./computer-scene.ts";
import { PacketRecorder } from "./packet-recorder.ts";
import type { WireHandshake, WireHeldHandshake, WireIntruder } from "./scene-record.ts";

const HOST = "127.0.0.1";

/**
 * The most bytes one party of the kit takes in one go (a polling response or request, a WebSocket
 * message): the relay's payload limit, and the size past which a kit client cuts its connection to a
 * Server (server-scene.ts). engine.io-client holds a polling response whole, re-copied per chunk: a
 * 50 MB packet took 40 s of CPU per client, and 13 such cases made no progress in 310 s.
 */
export const KIT_PAYLOAD_BYTES = 8_000_000;

export interface KitServerOptions {
  /** socket.io's payload limit for one HTTP request or WebSocket message (socket.io's default: 1 MB). */
  readonly maxHttpBufferSize?: number;
  /**
   * false: each admitted handshake's HTTP request is accepted and never answered (no Engine.IO open),
   * as a Server that hangs before its handshake looks to a client; close() cuts them. Default true.
   */
  readonly answerHandshakes?: boolean;
  /**
   * Each admitted handshake is answered with this HTTP refusal instead of an Engine.IO session (a
   * Server refusing the client's a2c_version, say); the seal still refuses intruders first.
   */
  readonly refuseHandshakes?: (requestUrl: string) => HandshakeRefusal;
}

/** An HTTP answer that refuses a handshake: status, headers, body. */
export interface HandshakeRefusal {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The seal's part of a scene's record: the refused handshakes, the first 50 kept and the rest counted. */
export interface IntruderRecord {
  readonly intruders: readonly WireIntruder[];
  readonly intruders_not_kept?: number;
}

export interface KitServer {
  /** What the case's adapter is given: the Server's base URL with the case's secret. */
  readonly url: string;
  readonly io: Server;
  /** The A2C-SMCP namespace, where the scene attaches its handlers. */
  readonly smcp: Namespace;
  readonly recorder: PacketRecorder;
  /** The admitted connections' first requests (path and query as sent, transport). */
  readonly handshakes: readonly WireHandshake[];
  /** The admitted handshakes left unanswered (`answerHandshakes: false`), in order. */
  readonly held: readonly WireHeldHandshake[];
  /** The admitted handshakes answered with the refusal (`refuseHandshakes`), in order. */
  readonly refused: readonly WireHeldHandshake[];
  /** Milliseconds since the Server opened: every `t_ms` of the scene's record. */
  since(): number;
  intruders(): IntruderRecord;
  /** Disconnects every client and closes the Server, keep-alive connections included. Idempotent. */
  close(): Promise<void>;
}

export async function openKitServer(options: KitServerOptions = {}): Promise<KitServer> {
  const started = performance.now();
  const since = () => performance.now() - started;
  const recorder = new PacketRecorder(since);
  const seal = newSeal(since);
  const handshakes: WireHandshake[] = [];
  const held: WireHeldHandshake[] = [];
  // The seal still refuses intruders; an admitted request is kept, its callback never called.
  const holding: typeof seal.allowRequest = (req, callback) =>
    seal.allowRequest(req, (error, success) => {
      if (!success) return callback(error, success);
      held.push({ t_ms: Math.round(since() * 10) / 10, url: req.url ?? "" });
    });
  const refused: WireHeldHandshake[] = [];
  // Engine.IO sets the request's response (`req.res`) before it asks allowRequest: the refusal is
  // written there and the callback never called, so no session opens.
  const refusing: typeof seal.allowRequest = (req, callback) =>
    seal.allowRequest(req, (error, success) => {
      if (!success || options.refuseHandshakes === undefined) return callback(error, success);
      const answer = options.refuseHandshakes(req.url ?? "");
      refused.push({ t_ms: Math.round(since() * 10) / 10, url: req.url ?? "" });
      const res = (req as { res?: { writeHead(s: number, h: Record<string, string>): unknown; end(b: string): unknown } }).res;
      res?.writeHead(answer.status, { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) });
      res?.end(answer.body);
    });
  const http = createServer();
  // No reconnection state, no CORS, nothing served but the protocol, no party but the case's own.
  const io = new Server(http, {
    serveClient: false,
    pingInterval: 5_000,
    pingTimeout: 5_000,
    ...(options.maxHttpBufferSize !== undefined ? { maxHttpBufferSize: options.maxHttpBufferSize } : {}),
    allowRequest: options.refuseHandshakes !== undefined ? refusing : options.answerHandshakes === false ? holding : seal.allowRequest,
  });
  io.engine.on("connection", (raw: { id: string; request: { url?: string }; transport: { name: string } }) => {
    handshakes.push({ conn: raw.id, t_ms: Math.round(since() * 10) / 10, url: raw.request.url ?? "", transport: raw.transport.name });
    recorder.attach(raw as never);
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, HOST, () => resolve());
  });
  const url = sealedUrl(`http://${HOST}:${(http.address() as AddressInfo).port}`, seal.secret);
  let closing: Promise<void> | undefined;
  return {
    url,
    io,
    smcp: io.of(SMCP_NAMESPACE),
    recorder,
    handshakes,
    held,
    refused,
    since,
    intruders: () => ({ intruders: seal.intruders, ...(seal.notKept() > 0 ? { intruders_not_kept: seal.notKept() } : {}) }),
    close: () =>
      (closing ??= (async () => {
        io.disconnectSockets(true);
        // Keep-alive polling connections would hold http.close() for the keep-alive timeout: cut them now.
        const closed = new Promise<void>((resolve) => io.close(() => resolve()));
        http.closeAllConnections();
        await closed;
      })()),
  };
}

/** The Engine.IO connection id the recorder files a server-side socket's packets under (typed private, read-only in practice). */
export function connIdOf(socket: { readonly conn: unknown }): string {
  return (socket.conn as { id: string }).id;
}

/** A fresh office id for a scene whose Server is the kit's (72 random bits: no two cases share one). */
export function newOfficeId(): string {
  return `office-${randomBytes(9).toString("base64url")}`;
}
