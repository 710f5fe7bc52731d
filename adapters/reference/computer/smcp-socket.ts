/**
 * The Socket.IO side of the Computer (computer.md §2, events.md §连接握手): connect to /smcp with
 * a2c_version in the URL query and no role in auth, join the office with server:join_office, and
 * tell when the Server ends the session.
 */
import { io, type Socket } from "socket.io-client";

export const A2C_VERSION = "0.4.0";
const NAMESPACE = "/smcp";
const JOIN_OFFICE = "server:join_office";
const LEAVE_OFFICE = "server:leave_office";

/** A failure at one step of the session, named for the answer's `raised.type`. */
export class SessionError extends Error {
  constructor(name: "ConnectError" | "JoinRefused" | "LeaveRefused" | "Disconnected", message: string) {
    super(message);
    this.name = name;
  }
}

/** Not connected yet, so every handler can be in place before the first packet. */
export function computerSocket(url: string, connectAuth: Readonly<Record<string, string>> = {}): Socket {
  const target = new URL(url);
  // Like the SDKs' build_handshake_url: the URL's own query goes along (the harness's case secret
  // rides there), a2c_version is set. socket.io-client would let a query in the URI replace `query`.
  return io(`${target.origin}${NAMESPACE}`, {
    query: { ...Object.fromEntries(target.searchParams), a2c_version: A2C_VERSION },
    // Polling first: a version refusal (4008) is then an HTTP body the client can read (error-handling.md §4008).
    transports: ["polling", "websocket"],
    // The session ends when the Server ends it; a reconnect would be a second session (harness/wire/README.md).
    reconnection: false,
    // Its own Engine.IO connection: io() would otherwise share one between Computers given the same URL.
    forceNew: true,
    // Business auth only, as its caller gives it (sdk-api-guidance.md §4.3); the role is declared by
    // server:join_office (computer.md §2.1). Never a credential of its MCP servers.
    auth: { ...connectAuth },
    autoConnect: false,
  });
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error: Error) => reject(new SessionError("ConnectError", error.message)));
    socket.connect();
  });
}

/**
 * server:join_office with EnterOfficeReq; the 0.4.0 ack is (true, null) or (false, message)
 * (error-handling.md §server:join_office 响应). A plain emit with a callback, not emitWithAck:
 * emitWithAck resolves with the first ack argument only and would drop the refusal's message.
 */
export function joinOffice(socket: Socket, name: string, officeId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.emit(JOIN_OFFICE, { role: "computer", name, office_id: officeId }, (ok: unknown, message: unknown) => {
      if (ok === true) resolve();
      else reject(new SessionError("JoinRefused", typeof message === "string" ? message : `join_office answered ${JSON.stringify(ok)}`));
    });
  });
}

/** server:leave_office with LeaveOfficeReq; the ack is the same (ok, message) tuple as the join's. */
export function leaveOffice(socket: Socket, officeId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.emit(LEAVE_OFFICE, { office_id: officeId }, (ok: unknown, message: unknown) => {
      if (ok === true) resolve();
      else reject(new SessionError("LeaveRefused", typeof message === "string" ? message : `leave_office answered ${JSON.stringify(ok)}`));
    });
  });
}

/** Resolves with the reason once the session is over. */
export function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once("disconnect", (reason: string) => resolve(reason)));
}
