/**
 * The a2c_version gate (events.md §Server 校验行为, versioning.md §2 and §5): judged on the HTTP
 * request that opens an Engine.IO session, before Engine.IO or Socket.IO handle it, so no connect
 * handler can let an incompatible client in. A refusal is HTTP 400 with a JSON body: code 400 for
 * a missing or unparsable version, the flat 4008 ErrorPayload plus `X-A2C-Error-Code: 4008` for an
 * incompatible one (error-handling.md §协议版本不匹配（4008）).
 */
import { type IncomingMessage, ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { checkVersion, type JsonObject, parseProtocolVersion } from "../src/index.ts";

export interface Refusal {
  readonly status: 400;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: JsonObject;
}

/** The refusal for the a2c_version query value `client` (null: not sent), or undefined when it may connect. */
export function versionRefusal(client: string | null, server: string): Refusal | undefined {
  const verdict = checkVersion(client ?? undefined, server);
  switch (verdict.verdict) {
    case "compatible":
      return undefined;
    case "missing":
      return refusal({ code: 400, message: "Missing a2c_version query parameter" });
    case "invalid":
      return refusal({ code: 400, message: `Invalid a2c_version: ${JSON.stringify(client)} is not MAJOR.MINOR.PATCH` });
    case "incompatible":
      return refusal(
        {
          code: 4008,
          message: "Protocol version mismatch",
          server_version: server,
          // Echoed as sent: the field is the client's version "回显供诊断" (error-handling.md §4008 字段说明).
          client_version: client as string,
          ...supportedRange(server),
        },
        // Redundant to the body, for a client that cannot read it (error-handling.md §HTTP 响应规范).
        { "X-A2C-Error-Code": "4008" },
      );
  }
}

/**
 * What this Server accepts (versioning.md §兼容性判定规则): in 0.x any PATCH of its own MINOR, from 1.0
 * any MINOR up to its own. PATCH has no upper bound; 999 stands for it, as in the spec's 4008 example
 * ("0.2.0" … "0.2.999").
 */
function supportedRange(server: string): { min_supported: string; max_supported: string } {
  const own = parseProtocolVersion(server);
  if (!own) throw new Error(`the server version ${server} is not MAJOR.MINOR.PATCH`);
  const { major, minor } = own;
  return { min_supported: `${major}.${major === 0n ? minor : 0n}.0`, max_supported: `${major}.${minor}.999` };
}

function refusal(body: JsonObject, extra: Record<string, string> = {}): Refusal {
  return { status: 400, headers: { "Content-Type": "application/json", ...extra }, body };
}

type Next = (error?: unknown) => void;

/**
 * The gate as an Engine.IO middleware (`io.engine.use`, socket.io ≥ 4.6): it runs for every HTTP
 * request and upgrade under the Socket.IO path, before Engine.IO's own checks and handshake.
 * socket.io's `allowRequest` cannot be used: its refusal body is Engine.IO's own `{code, message}`.
 */
export function versionGate(server: string): (req: IncomingMessage, res: unknown, next: Next) => void {
  return (req, res, next) => {
    const query = new URL(req.url ?? "/", "http://127.0.0.1").searchParams;
    // Only a request without a sid opens a session; the others belong to a session already admitted.
    if (query.has("sid")) return next();
    const refused = versionRefusal(query.get("a2c_version"), server);
    if (!refused) return next();
    const body = JSON.stringify(refused.body);
    // Not calling next() ends the request here: neither Engine.IO nor Socket.IO ever sees it.
    if (res instanceof ServerResponse) res.writeHead(refused.status, refused.headers).end(body);
    else refuseUpgrade(req.socket, refused, body);
  };
}

/**
 * A WebSocket-only handshake (versioning.md §5 R3, first form): the same HTTP 400, headers and
 * body before the WebSocket opens. Engine.IO hands middlewares a stand-in response for an upgrade
 * that cannot write, so the response goes on the raw connection, as Engine.IO's own refusals do.
 */
function refuseUpgrade(socket: Duplex, refused: Refusal, body: string): void {
  socket.on("error", () => {}); // the client may already be gone; nothing to tell it then
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const headers = { ...refused.headers, "Content-Length": String(Buffer.byteLength(body)), Connection: "close" };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${refused.status} ${STATUS_CODES[refused.status]}\r\n${head.join("")}\r\n${body}`);
}
