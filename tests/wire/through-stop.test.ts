// Clients kept through_stop (harness/wire/through-stop.ts) are still connected when the scene's stop
// runs, the others gone before it; each kept client's end is recorded: ended by the Server (its
// reason), or not ended within the grace when the stop leaves it connected.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playServerScene, prepareServerScene, serverFacts } from "../../harness/wire/index.ts";

let url = "";
let io: Server;
beforeAll(async () => {
  const http = createServer();
  io = new Server(http, { serveClient: false });
  io.of("/smcp").on("connection", () => {});
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

/** A scene of a kept polling client, a kept upgraded one and one that leaves first, with `stop` as its stop. */
async function play(stop: () => void) {
  const prepared = prepareServerScene({
    clients: {
      kept: { role: "computer", transport: "polling", through_stop: true },
      kept_ws: { role: "agent", through_stop: true },
      gone: { role: "computer" },
    },
    script: [
      { by: "kept", connect: true },
      { by: "kept_ws", connect: true },
      { by: "gone", connect: true },
    ],
    time_box_ms: 8_000,
  });
  if (!prepared.ok) throw new Error(prepared.problem);
  const evidence = await playServerScene(url, prepared.spec, "through-stop", async () => stop());
  return { evidence, facts: serverFacts(evidence) };
}

describe("through_stop", () => {
  it("keeps the named clients connected into the stop and records that the Server ended them", async () => {
    const { evidence, facts } = await play(() => io.of("/smcp").disconnectSockets(true));
    expect(Object.keys(evidence.through_stop ?? {}).sort()).toEqual(["kept", "kept_ws"]);
    expect(evidence.through_stop?.["kept"]).toMatchObject({ connected_at_stop: true, ended: true, reason: "io server disconnect" });
    expect(facts.clients["kept"]?.ended_at_stop).toBe(true);
    expect(facts.clients["kept_ws"]?.ended_at_stop).toBe(true);
    expect(facts.clients["gone"]?.ended_at_stop).toBeNull();
  }, 15_000);

  it("records a kept client the stop left connected as not ended, after the grace", async () => {
    const { facts } = await play(() => {});
    expect(facts.clients["kept"]?.ended_at_stop).toBe(false);
    expect(facts.clients["kept_ws"]?.ended_at_stop).toBe(false);
  }, 15_000);
});
