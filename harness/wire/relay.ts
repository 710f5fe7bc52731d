/**
 * The recording relay of an interop case: a Socket.IO Server of the harness's (127.0.0.1, a port
 * from the OS) in front of an SDK's Server. Each client that connects to it gets its own upstream
 * connection (socket.io-client) to the SDK's Server with the same a2c_version query and auth; every
 * event and ack is passed on unchanged both ways, and every packet on the client side is recorded.
 * So an SDK Agent and an SDK Computer talk through the SDK Server as they would directly, and the
 * kit still holds the whole exchange as evidence. Sealed like every kit Server (case-seal.ts): only
 * the case's own Agent and Computer get through, and the secret is not passed upstream. Nothing here
 * judges.
 */
import { io as connectUpstream, type Socket as UpstreamSocket } from "socket.io-client";
import { SMCP_NAMESPACE } from "./computer-scene.ts";
import { connIdOf, KIT_PAYLOAD_BYTES, openKitServer } from "./kit-server.ts";
import type { WireHandshake, WireIntruder, WirePacket } from "./scene-record.ts";

const UPSTREAM_CONNECT_MS = 5_000;

export interface RelayRecord {
  /** The URL the case's Agent and Computer were given, with the case's secret (case-seal.ts). */
  readonly url: string;
  readonly upstream: string;
  /** The admitted connections' handshakes; the refused ones are `intruders` (never relayed, never judged). */
  readonly handshakes: readonly WireHandshake[];
  readonly intruders: readonly WireIntruder[];
  readonly intruders_not_kept?: number;
  /** `dir` seen from the relay: `in` a client sent, `out` the relay passed to it from the Server. */
  readonly packets: readonly WirePacket[];
  /** Upstream connections the SDK Server refused, with why. */
  readonly refused: ReadonlyArray<{ readonly conn: string; readonly error: string }>;
  readonly dropped_packets: number;
}

export interface Relay {
  readonly url: string;
  /** Resolves once a client joined `office` with `role` and the SDK Server acknowledged it as a success; false after `ms`. */
  joined(role: "agent" | "computer", ms: number): Promise<boolean>;
  /** Runs `task` once, right after the Server's answer to the first request of `event` was passed on. */
  onAnswered(event: string, task: () => Promise<void> | void): void;
  /** Disconnects every client (the Computer's session ends), closes the relay; resolves with the record. Idempotent. */
  close(): Promise<RelayRecord>;
}

export async function openRelay(upstream: string): Promise<Relay> {
  const server = await openKitServer({ maxHttpBufferSize: KIT_PAYLOAD_BYTES });
  const refused: Array<{ conn: string; error: string }> = [];
  const uppers = new Set<UpstreamSocket>();
  const joins: Array<{ role: unknown; ok: boolean }> = [];
  const waiters = new Set<() => void>();
  const afterAnswer = new Map<string, () => Promise<void> | void>();

  // The client is admitted at once and its events wait for the upstream connection: holding its
  // CONNECT until the SDK Server answered would add the relay's own latency to the handshake, and
  // a client that sends before its CONNECT is acknowledged would then lose events only through
  // the relay. An upstream refusal disconnects the client and is recorded.
  server.smcp.on("connection", (socket) => {
    const query = socket.handshake.query as Record<string, string>;
    const up = connectUpstream(`${upstream}${SMCP_NAMESPACE}`, {
      query: query.a2c_version === undefined ? {} : { a2c_version: query.a2c_version },
      auth: socket.handshake.auth,
      transports: ["polling", "websocket"],
      reconnection: false,
      forceNew: true,
      timeout: UPSTREAM_CONNECT_MS,
    });
    uppers.add(up);
    const ready = new Promise<boolean>((resolve) => {
      up.once("connect", () => resolve(true));
      up.once("connect_error", (error: Error) => {
        refused.push({ conn: connIdOf(socket), error: error.message });
        up.disconnect();
        socket.disconnect(true);
        resolve(false);
      });
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === "function" ? (args.pop() as (...a: unknown[]) => void) : undefined;
      void ready.then((ok) => {
        if (!ok) return;
        if (!ack) return void up.emit(event, ...args);
        up.emit(event, ...args, (...reply: unknown[]) => {
          if (event === "server:join_office") {
            joins.push({ role: (args[0] as { role?: unknown } | undefined)?.role, ok: reply[0] === true || reply.length === 0 });
            for (const wake of waiters) wake();
          }
          ack(...reply);
          const task = afterAnswer.get(event);
          afterAnswer.delete(event);
          if (task) void Promise.resolve(task()).catch(() => undefined);
        });
      });
    });
    up.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === "function" ? (args.pop() as (...a: unknown[]) => void) : undefined;
      if (!ack) return void socket.emit(event, ...args);
      socket.emit(event, ...args, (...reply: unknown[]) => ack(...reply));
    });
    socket.on("disconnect", () => up.disconnect());
    up.on("disconnect", () => socket.disconnect(true));
  });

  const { url } = server;
  let closing: Promise<RelayRecord> | undefined;
  return {
    url,
    joined: (role, ms) =>
      new Promise<boolean>((resolve) => {
        const check = () => {
          if (!joins.some((j) => j.role === role && j.ok)) return;
          done(true);
        };
        const timer = setTimeout(() => done(false), ms);
        const done = (value: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(value);
        };
        waiters.add(check);
        check();
      }),
    onAnswered: (event, task) => {
      afterAnswer.set(event, task);
    },
    close: () =>
      (closing ??= (async () => {
        const closed = server.close();
        for (const up of uppers) up.disconnect();
        await closed;
        return {
          url,
          upstream,
          handshakes: server.handshakes,
          ...server.intruders(),
          packets: server.recorder.packets,
          refused,
          dropped_packets: server.recorder.dropped,
        };
      })()),
  };
}
