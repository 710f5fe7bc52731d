/**
 * A WebSocket-only client's handshake, watched (versioning.md §5: a client that skips polling). A
 * Server refuses it either with an HTTP answer before the socket opens (status, headers, body: the
 * `ws` package hands it over as 'unexpected-response' and would drop the body unread) or by
 * opening and closing it with a close code. Both are kept, so a refusal is evidence like a
 * polling one; engine.io-client reports neither (its error carries no response, and a close before
 * Engine.IO's open packet raises no error at all).
 */
import type { ClientRequest, IncomingMessage } from "node:http";
import type { Socket } from "socket.io-client";

/** The HTTP answer to a refused upgrade. */
export interface UpgradeRefusal {
  readonly status: number;
  readonly error_code_header: string | null;
  readonly content_type: string | null;
  readonly body: string;
}

/** The part of a `ws` WebSocket this reads. */
interface WsLike {
  on(event: "unexpected-response", listener: (req: ClientRequest, res: IncomingMessage) => void): unknown;
  on(event: "open", listener: () => void): unknown;
  on(event: "close", listener: (code: number, reason: Buffer) => void): unknown;
  terminate(): void;
}

/** A close frame's code and its reason (RFC 6455 leaves it 123 bytes; versioning.md §5 asks 4900's to be a short text, no body). */
export interface WsClose {
  readonly code: number;
  readonly reason: string;
  readonly reason_bytes: number;
}

export interface HandshakeWatch {
  /** The refused upgrade's answer, once its head arrived (its body as far as read). */
  refusal(): UpgradeRefusal | undefined;
  /** Settles when the WebSocket opened and then closed (a refusal by close code): its code and reason. */
  readonly closed: Promise<WsClose>;
}

/**
 * Watches the WebSocket transport a client opened with `transports: ["websocket"]`: io() builds it
 * before it returns, and the upgrade request leaves on a later tick. Undefined when there is none.
 */
export function watchWebSocketHandshake(socket: Socket, bodyChars: number): HandshakeWatch | undefined {
  const ws = (socket.io.engine as unknown as { transport?: { ws?: WsLike } } | undefined)?.transport?.ws;
  if (!ws) return undefined;
  let answer: { status: number; error_code_header: string | null; content_type: string | null; body: string } | undefined;
  ws.on("unexpected-response", (_req, res) => {
    const header = res.headers["x-a2c-error-code"];
    answer = {
      status: res.statusCode ?? 0,
      error_code_header: (Array.isArray(header) ? header[0] : header) ?? null,
      content_type: res.headers["content-type"] ?? null,
      body: "",
    };
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      if (answer && answer.body.length < bodyChars) answer.body = (answer.body + chunk).slice(0, bodyChars);
    });
    // With this listener `ws` no longer ends the handshake itself: once the answer is read, it fails as it would have.
    const end = () => ws.terminate();
    res.once("end", end);
    res.once("error", end);
  });
  let opened = false;
  ws.on("open", () => {
    opened = true;
  });
  const closed = new Promise<WsClose>((resolve) => {
    ws.on("close", (code, reason) => {
      if (opened) resolve({ code, reason: reason?.toString("utf8") ?? "", reason_bytes: reason?.length ?? 0 });
    });
  });
  return { refusal: () => answer, closed };
}
