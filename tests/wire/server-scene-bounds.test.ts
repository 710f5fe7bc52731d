// A Server under test (wire.server) that never acknowledges the /smcp connect, or sends a 50 MB
// first packet, hung the run (issue 41, item 7). Here a tiny socket.io Server in the test plays
// that SDK Server behind a fake implementation, driven through the run's own path (LIVE_PLAYERS.server):
// the case ends by its box with its evidence, and nothing of the scene keeps running.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterEach, describe, expect, it } from "vitest";
import type { Answer, Implementation } from "../../harness/model/implementation.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { LIVE_PLAYERS } from "../../harness/run/live-players.ts";
import type { ConnectRecord, ServerSceneEvidence } from "../../harness/wire/index.ts";

const BOX_MS = 3_000;
/**
 * The 50 MB scene's box: wide enough that the cut (which needs the first 8 MB read) comes first on a
 * loaded machine too; with 3 s the connect's own box sometimes ended first, and the test then judged the load.
 */
const HUGE_BOX_MS = 15_000;
const opened: { http: HttpServer; io: Server }[] = [];

afterEach(async () => {
  for (const { io } of opened.splice(0)) await new Promise<void>((resolve) => io.close(() => resolve()));
});

/** The SDK Server stand-in: `never-ack` holds the /smcp CONNECT forever; `huge` sends 50 MB once a client is in. */
async function fakeServer(mode: "never-ack" | "huge"): Promise<string> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  const smcp = io.of("/smcp");
  if (mode === "never-ack")
    smcp.use(() => {}); // next() is never called: no CONNECT ack, no connect_error
  else smcp.on("connection", (socket) => socket.emit("notify:enter_office", { blob: "x".repeat(50 * 1024 * 1024) }));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  opened.push({ http, io });
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** A wire.server implementation whose start answers with `url`, and whose stop is answered at once. */
function fakeImplementation(url: string): Implementation {
  const answer = (request: unknown, output: unknown): Answer => ({
    result: { kind: "ok", output },
    transcript: { request: JSON.stringify(request), response: JSON.stringify(output) },
    duration_ms: 1,
    attempts: 1,
  });
  return {
    name: "fake-server",
    transport: "subprocess",
    start: async () => ({ implementation: "fake-server", sdk: { name: "fake", version: "0" }, protocol_version: "0.4.0", operations: [] }),
    call: async (_op, input) =>
      answer(input, input.action === "start" ? { url, server_id: "s1", a2c_version: "0.4.0" } : { stopped: true }),
    stop: async () => ({ restarts: 0, stderr_tail: "" }),
    kill: () => {},
  };
}

const vector = (script: unknown[], boxMs: number): Vector =>
  ({
    id: "wire-server/test/bounded",
    op: "wire.server",
    input: { clients: { c1: { role: "computer" }, ag: { role: "agent" } }, script, time_box_ms: boxMs },
  }) as unknown as Vector;

const notSent = (message: string): Answer => ({
  result: { kind: "crash", message },
  transcript: { request: null, response: null },
  duration_ms: 0,
  attempts: 0,
});

async function play(mode: "never-ack" | "huge"): Promise<{ evidence: ServerSceneEvidence; ms: number }> {
  const url = await fakeServer(mode);
  const began = performance.now();
  const script = [{ by: "c1", connect: true }, { by: "c1", send: "server:join_office", office: "A", as: "join_c1" }, { sleep_ms: 200 }];
  const v = vector(script, mode === "huge" ? HUGE_BOX_MS : BOX_MS);
  const answer = await LIVE_PLAYERS.server.play(fakeImplementation(url), v, undefined, notSent);
  return { evidence: answer.transcript.wire!.evidence as unknown as ServerSceneEvidence, ms: performance.now() - began };
}

describe("a wire.server scene against a hostile Server", () => {
  it("a Server URL that refuses the connection is recorded as refused (it used to throw out of the run: exit 3)", async () => {
    const http = createServer();
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as AddressInfo;
    await new Promise((resolve) => http.close(resolve));
    const v = vector([{ by: "c1", connect: true }], BOX_MS);
    const answer = await LIVE_PLAYERS.server.play(fakeImplementation(`http://127.0.0.1:${port}`), v, undefined, notSent);
    const evidence = answer.transcript.wire!.evidence as unknown as ServerSceneEvidence;
    expect(evidence.connects).toEqual([expect.objectContaining({ client: "c1", connected: false, error_code_header: null })]);
  });

  it("a /smcp connect that is never acknowledged ends by the case's box, with that as the evidence", async () => {
    const { evidence, ms } = await play("never-ack");
    expect(ms).toBeLessThan(BOX_MS + 1_500);
    expect(evidence.connects).toEqual([
      expect.objectContaining<Partial<ConnectRecord>>({
        client: "c1",
        connected: false,
        error: expect.stringMatching(/^the \/smcp connect was never acknowledged within \d+ ms/),
      }),
    ]);
    expect(evidence.steps.slice(1).map((s) => s.skipped)).toEqual(["the scene's time box ended", "the scene's time box ended"]);
  }, 15_000);

  it("a 50 MB first packet is cut at the size limit, with that as the evidence, long before the box", async () => {
    const { evidence, ms } = await play("huge");
    expect(ms).toBeLessThan(HUGE_BOX_MS);
    const why = /^over the size limit: the Server sent more than 8000000 bytes in one go/;
    expect(evidence.connects).toEqual([
      expect.objectContaining({ client: "c1", connected: false, status: null, error: expect.stringMatching(why) }),
    ]);
    expect(evidence.cut).toEqual({ c1: expect.stringMatching(why) });
    expect(evidence.steps[1]?.skipped).toMatch(/^client "c1" is not connected \(over the size limit/);
    expect(evidence.packets.every((p) => JSON.stringify(p).length < 1024 * 1024)).toBe(true);
  }, 30_000);
});
