/**
 * The Agent's Socket.IO side (events.md §连接握手, §房间管理事件): connect to /smcp with a2c_version
 * in the URL query (polling first, so a 4008 refusal is a readable HTTP body), join with an
 * EnterOfficeReq whose role is agent, and send requests with acks bounded by a timer. A 4008 refusal
 * rejects the connect with a ProtocolVersionError (version-error.ts).
 */
import { io, type Socket } from "socket.io-client";
import { protocolVersionErrorOf } from "./version-error.ts";

export const A2C_VERSION = "0.4.0";
const NAMESPACE = "/smcp";

export function agentSocket(url: string): Socket {
  const target = new URL(url);
  // Like the SDKs' build_handshake_url: the URL's own query goes along (the harness's case secret
  // rides there), a2c_version is set. socket.io-client would let a query in the URI replace `query`.
  return io(`${target.origin}${NAMESPACE}`, {
    query: { ...Object.fromEntries(target.searchParams), a2c_version: A2C_VERSION },
    transports: ["polling", "websocket"],
    reconnection: false,
    forceNew: true,
    auth: {},
    autoConnect: false,
  });
}

export function connected(socket: Socket, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("connect_error", (error: Error) => {
      clearTimeout(timer);
      // Read the refusal now: engine.io-client cleans its request up (status and body emptied) right after.
      reject(protocolVersionErrorOf(error) ?? error);
    });
    socket.connect();
  });
}

/** The ack's arguments, or a TimeoutError when none came in time. */
export function request(socket: Socket, event: string, payload: unknown, timeoutMs: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    socket.timeout(timeoutMs).emit(event, payload, (error: Error | null, ...args: unknown[]) => {
      if (error) reject(Object.assign(new Error(`no answer to ${event} within ${timeoutMs} ms`), { name: "TimeoutError" }));
      else resolve(args);
    });
  });
}
