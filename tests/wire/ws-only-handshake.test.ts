// A WebSocket-only client (transport: websocket) against Servers that refuse its upgrade: with an HTTP
// answer whose body comes in a later write than its head (the status, X-A2C-Error-Code and the
// whole body are kept, as for a polling refusal), or by opening the WebSocket and closing it with
// code 4900 (kept as close_code at once, not after the connect box).
import { createHash } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { playServerScene, prepareServerScene, serverFacts } from "../../harness/wire/index.ts";

const opened: HttpServer[] = [];
const upgraded: Duplex[] = [];
afterAll(async () => {
  for (const socket of upgraded) socket.destroy();
  for (const http of opened) await new Promise((resolve) => http.close(resolve));
});

/** A Server that answers every WebSocket upgrade with `refuse` (and any other request 404). */
async function upgradeServer(refuse: (socket: Duplex, key: string) => void): Promise<string> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  http.on("upgrade", (req, socket) => {
    upgraded.push(socket);
    refuse(socket, String(req.headers["sec-websocket-key"]));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  opened.push(http);
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

async function handshakeOf(url: string) {
  const prepared = prepareServerScene({
    clients: { ws: { role: "computer", a2c_version: "0.3.0", transport: "websocket" } },
    script: [{ by: "ws", connect: true }],
    time_box_ms: 8_000,
  });
  if (!prepared.ok) throw new Error(prepared.problem);
  const began = performance.now();
  const facts = serverFacts(await playServerScene(url, prepared.spec, "ws-only"));
  return { handshake: facts.handshakes["ws"], ms: performance.now() - began };
}

describe("a refused WebSocket-only handshake", () => {
  it("keeps the HTTP answer whole, its body read after its head", async () => {
    const body = JSON.stringify({ code: 4008, message: "Protocol version mismatch" });
    const url = await upgradeServer((socket) => {
      socket.write(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nX-A2C-Error-Code: 4008\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      setTimeout(() => socket.end(body), 50);
    });
    const { handshake } = await handshakeOf(url);
    expect(handshake).toMatchObject({ connected: false, status: 400, error_code_header: "4008", code: 4008, close_code: null });
    expect(handshake?.body_keys).toEqual(["code", "message"]);
  }, 15_000);

  /** A Server that accepts the upgrade, then closes with 4900 and `reason` (FIN + opcode 8, unmasked). */
  const closingServer = (reason: string) =>
    upgradeServer((socket, key) => {
      const accept = createHash("sha1").update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      const text = Buffer.from(reason, "utf8");
      socket.end(Buffer.concat([Buffer.from([0x88, 2 + text.length, 4900 >> 8, 4900 & 0xff]), text]));
    });

  it("keeps the close code of a WebSocket opened and then closed", async () => {
    const url = await closingServer("");
    const { handshake, ms } = await handshakeOf(url);
    expect(handshake).toMatchObject({ connected: false, status: null, close_code: 4900, close_reason_plain: true });
    // Recorded when the close came, not when the 5 s connect box ran out.
    expect(ms).toBeLessThan(4_000);
  }, 15_000);

  it("tells a short text reason from a structured one", async () => {
    const text = await handshakeOf(await closingServer("A2C version handshake rejected"));
    expect(text.handshake).toMatchObject({ close_code: 4900, close_reason_plain: true });
    const body = await handshakeOf(await closingServer(JSON.stringify({ code: 4008, server_version: "0.4.0" })));
    expect(body.handshake).toMatchObject({ close_code: 4900, close_reason_plain: false });
  }, 15_000);
});
