// A wire.server Computer with answer_delay_ms answers each routed client:* event no sooner than
// that (a slow Computer a Server must wait for), and one without it at once; here a bare socket.io
// Server plays the SDK's and times the acks it gets.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playServerScene, prepareServerScene } from "../../harness/wire/index.ts";

let url = "";
let io: Server;
/** How long each connected client took to ack a client:get_tools, by the a2c_version it connected with (this Server checks none). */
const took = new Map<string, number>();

beforeAll(async () => {
  const http = createServer();
  io = new Server(http, { serveClient: false });
  io.of("/smcp").on("connection", (socket) => {
    const asked = performance.now();
    socket.emit("client:get_tools", { computer: "c" }, () =>
      took.set(String(socket.handshake.query["a2c_version"]), performance.now() - asked),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

describe("answer_delay_ms", () => {
  it("holds each answer of a slow Computer back by the delay", async () => {
    for (const [tag, delay] of [
      ["0.4.1", 250],
      ["0.4.2", undefined],
    ] as const) {
      const prepared = prepareServerScene({
        clients: { c: { role: "computer", a2c_version: tag, ...(delay ? { answer_delay_ms: delay } : {}) } },
        // The announcement window (1 s) outlasts the delay: the scene is still there to send the late answer.
        script: [{ by: "c", connect: true }, { quiet: "announcement" }],
        time_box_ms: 8_000,
      });
      if (!prepared.ok) throw new Error(prepared.problem);
      await playServerScene(url, prepared.spec, `slow-${tag}`);
    }
    expect(took.get("0.4.1")).toBeGreaterThanOrEqual(250);
    expect(took.has("0.4.2")).toBe(true);
  }, 20_000);
});
