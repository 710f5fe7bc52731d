/**
 * One A2C-SMCP Server: an HTTP listener on 127.0.0.1 with a port from the OS, the `socket.io`
 * Server on its default path /socket.io/ (versioning.md §HTTP 拦截路径由实现决定), the a2c_version
 * gate in front of it and the /smcp namespace behind it. Closing is bounded.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { SMCP_NAMESPACE, serveSmcp } from "./namespace.ts";
import { Offices } from "./offices.ts";
import { SERVER_REVISIONS, type ServerRevision } from "./revisions.ts";
import { versionGate } from "./version-gate.ts";

const HOST = "127.0.0.1";
/** Waits while closing: for the DISCONNECT packets to be flushed, then for the listener; each bounded, together well under 5 s. */
const FLUSH_BOUND_MS = 1_000;
const CLOSE_BOUND_MS = 1_500;

export interface SmcpServer {
  readonly url: string;
  /** Disconnects every client (a Socket.IO DISCONNECT for /smcp each), then closes the listener. */
  close(): Promise<void>;
}

/** `refuseAuth`: the connect-time authentication refuses every client (error-handling.md: 401 for a failed authentication). */
export interface SmcpServerOptions {
  readonly refuseAuth?: boolean;
}

/** A Server of `revision` (default: 0.4.0, the version the reference's live roles all speak). */
export async function openSmcpServer(
  revision: ServerRevision = SERVER_REVISIONS["0.4.0"],
  options: SmcpServerOptions = {},
): Promise<SmcpServer> {
  // socket.io hands every request outside its path to this listener: answered 404 at once, so a
  // client asking elsewhere (/socket.io without its slash) learns it has no session, not a time box later.
  const http = createServer((_request, response) => {
    response.writeHead(404).end();
  });
  // Nothing served but the protocol: no client bundle, no CORS, no connection-state recovery (a new session is a new session).
  const io = new Server(http, { serveClient: false });
  io.engine.use(versionGate(revision.a2cVersion));
  let closing = false;
  // Authentication runs on the /smcp CONNECT, after the version gate has admitted the HTTP handshake.
  if (options.refuseAuth) io.of(SMCP_NAMESPACE).use((_socket, next) => next(unauthorized()));
  serveSmcp(io.of(SMCP_NAMESPACE), new Offices(), revision.rooms, { closing: () => closing });

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, HOST, () => resolve());
  });
  // The listener alone never keeps the process alive: the adapter's stdin (subprocess) or the harness (in-process) does.
  http.unref();
  const url = `http://${HOST}:${(http.address() as AddressInfo).port}`;

  const close = async () => {
    closing = true;
    const connections = [...io.of(SMCP_NAMESPACE).sockets.values()].map((socket) => socket.conn);
    io.of(SMCP_NAMESPACE).disconnectSockets(true);
    // Engine.IO closes a connection once its last packet is written: wait for that, so no DISCONNECT is discarded.
    await until(() => connections.every((conn) => conn.readyState === "closed"), FLUSH_BOUND_MS);
    const closed = io.close();
    if (!(await within(closed, CLOSE_BOUND_MS))) http.closeAllConnections();
    await closed;
  };
  return { url, close };
}

/** A refused authentication: Socket.IO's CONNECT_ERROR carries the flat ErrorPayload as its extension data. */
function unauthorized(): Error {
  return Object.assign(new Error("Unauthorized"), { data: { code: 401, message: "Unauthorized" } });
}

async function until(done: () => boolean, boundMs: number): Promise<void> {
  const deadline = performance.now() + boundMs;
  while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Whether `promise` settled within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([promise.then(() => true), late]);
  clearTimeout(timer);
  return settled;
}
