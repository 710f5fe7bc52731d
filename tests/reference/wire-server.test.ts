// The reference's live Server (adapters/reference/server/), started through the `wire.server` op and
// driven by socket.io-client Computers and Agents on 127.0.0.1: the a2c_version gate's HTTP answers,
// the join acks, client:* routing and its isolation, the notify:* broadcasts, list_room, and stop.
import { request } from "node:http";
import { io, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { referenceSubprocess } from "../../harness/impl/reference-subprocess.ts";
import type { Implementation } from "../../harness/model/implementation.ts";
import { type Client, connectSmcp, joinOffice } from "./smcp-client.ts";

interface Started {
  readonly url: string;
  readonly server_id: string;
  readonly a2c_version: string;
}

const reference = referenceInProcess();
const open: Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

async function call(impl: Implementation, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await impl.call("wire.server", input);
  if (answer.result.kind !== "ok") throw new Error(`wire.server answered ${JSON.stringify(answer.result)}`);
  return answer.result.output as Record<string, unknown>;
}
const start = async (impl: Implementation = reference, timeBoxMs = 20_000) =>
  (await call(impl, { action: "start", time_box_ms: timeBoxMs })) as unknown as Started;

const connect = (url: string) => connectSmcp(url, open);

const join = joinOffice;
const events = (client: Client) => client.received.map((r) => r.event);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("the reference's live Server (wire.server)", () => {
  it("joins, routes client:* within the office only, broadcasts to the office, lists it and stops", async () => {
    expect((await reference.start()).operations).toContain("wire.server");
    const { url, server_id, a2c_version } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]{1,5}$/);
    expect(a2c_version).toBe("0.4.0");

    const [c1, c2, agent, agent2, stranger] = await Promise.all([connect(url), connect(url), connect(url), connect(url), connect(url)]);
    const toolsSeen: unknown[] = [];
    c1.socket.on("client:get_tools", (req: { req_id: string }, ack: (ret: unknown) => void) => {
      toolsSeen.push(req);
      ack({ tools: [{ name: "inv__get_inventory" }], req_id: req.req_id });
    });
    c1.socket.on("client:get_skill", (_req: unknown, ack: (ret: unknown) => void) =>
      ack({ code: 4016, message: "Invalid skill name format" }),
    );

    expect(await join(c1, "computer", "c1", "office-a")).toEqual([true, null]);
    expect(await join(c2, "computer", "c2", "office-b")).toEqual([true, null]);
    expect(await join(agent, "agent", "a", "office-a")).toEqual([true, null]);
    expect(await join(agent2, "agent", "a2", "office-a")).toEqual([false, "Room already has an agent"]);
    expect((await join(agent2, "computer", "c1", "office-a"))[0]).toBe(false); // the name is taken there
    expect((await join(agent2, "boss", "x", "office-a"))[0]).toBe(false); // not an EnterOfficeReq
    await settle();
    // The office hears of the Agent, the joiner itself and the other office do not.
    expect(c1.received).toEqual([{ event: "notify:enter_office", data: { office_id: "office-a", agent: "a" } }]);
    expect(events(c2)).toEqual([]);
    expect(events(agent)).toEqual([]);

    const request = { agent: "a", req_id: "r1", computer: "c1" };
    expect(await agent.ask("client:get_tools", request)).toEqual([{ tools: [{ name: "inv__get_inventory" }], req_id: "r1" }]);
    expect(toolsSeen).toEqual([request]);
    // The Computer's flat ErrorPayload passes through unchanged.
    expect(await agent.ask("client:get_skill", { ...request, name: "bad name" })).toEqual([
      { code: 4016, message: "Invalid skill name format" },
    ]);

    // Isolation: c2 is in another office, so the Agent gets a flat 4104 and c2 hears nothing.
    expect(await agent.ask("client:get_tools", { ...request, computer: "c2" })).toEqual([
      { code: 4104, message: "Cross-room access denied", details: { computer: "c2" } },
    ]);
    expect((await agent.ask("client:get_tools", { ...request, computer: "nobody" }))[0]).toMatchObject({ code: 404 });
    expect((await stranger.ask("client:get_tools", request))[0]).toMatchObject({ code: 4103 });
    expect((await c2.ask("client:get_tools", { ...request, computer: "c2" }))[0]).toMatchObject({ code: 403 });
    expect((await agent.ask("client:get_tools", { agent: "a" }))[0]).toMatchObject({ code: 400 });

    const [listed] = (await agent.ask("server:list_room", { agent: "a", req_id: "r2", office_id: "office-a" })) as [
      { sessions: Record<string, unknown>[]; req_id: string },
    ];
    expect(listed.req_id).toBe("r2");
    expect(listed.sessions.map(({ sid: _, ...s }) => s)).toEqual([
      { name: "c1", role: "computer", office_id: "office-a", a2c_version: "0.4.0" },
      { name: "a", role: "agent", office_id: "office-a", a2c_version: "0.4.0" },
    ]);
    expect(listed.sessions.every((s) => typeof s["sid"] === "string")).toBe(true);
    expect((await agent.ask("server:list_room", { agent: "a", req_id: "r3", office_id: "office-b" }))[0]).toMatchObject({ code: 4104 });

    // Updates and cancels reach the rest of the sender's office, never the other office, never the sender.
    c1.socket.emit("server:update_tool_list", { computer: "c1" });
    agent.socket.emit("server:tool_call_cancel", { agent: "a", req_id: "r1" });
    await settle();
    expect(agent.received).toEqual([{ event: "notify:update_tool_list", data: { computer: "c1" } }]);
    expect(c1.received.at(-1)).toEqual({ event: "notify:tool_call_cancel", data: { agent: "a", req_id: "r1" } });
    expect(events(c2)).toEqual([]);
    expect(events(c1)).not.toContain("notify:update_tool_list");

    // A Computer joining another office leaves its own first; then a disconnect is a leave.
    expect(await join(c1, "computer", "c1", "office-b")).toEqual([true, null]);
    await settle();
    expect(agent.received.at(-1)).toEqual({ event: "notify:leave_office", data: { office_id: "office-a", computer: "c1" } });
    expect(c2.received).toEqual([{ event: "notify:enter_office", data: { office_id: "office-b", computer: "c1" } }]);
    expect(await agent.ask("server:leave_office", { office_id: "office-b" })).toEqual([false, "Not in office office-b"]);
    c2.socket.disconnect();
    await settle();
    expect(c1.received.at(-1)).toEqual({ event: "notify:leave_office", data: { office_id: "office-b", computer: "c2" } });

    const disconnected = new Promise((resolve) => agent.socket.once("disconnect", resolve));
    const stopped = await call(reference, { action: "stop", server_id });
    expect(stopped).toMatchObject({ stopped: true });
    expect(stopped["elapsed_ms"]).toBeGreaterThan(0);
    expect(await disconnected).toBe("io server disconnect");
    // Stopping again answers the same; an id never given is a refused input.
    expect(await call(reference, { action: "stop", server_id })).toEqual(stopped);
    expect((await reference.call("wire.server", { action: "stop", server_id: "nope" })).result.kind).toBe("error");
  });

  it("refuses a handshake without a compatible a2c_version with the HTTP 400 bodies of the versioning page", async () => {
    const { url, server_id } = await start();
    const handshake = async (query: string) => {
      const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling${query}`);
      return { status: response.status, header: response.headers.get("x-a2c-error-code"), text: await response.text() };
    };
    expect(await handshake("")).toEqual({
      status: 400,
      header: null,
      text: '{"code":400,"message":"Missing a2c_version query parameter"}',
    });
    const invalid = await handshake("&a2c_version=abc");
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text)).toMatchObject({ code: 400, message: expect.stringMatching(/^Invalid a2c_version: /) });
    const mismatch = await handshake("&a2c_version=0.3.0");
    expect(mismatch.status).toBe(400);
    expect(mismatch.header).toBe("4008");
    expect(JSON.parse(mismatch.text)).toEqual({
      code: 4008,
      message: "Protocol version mismatch",
      server_version: "0.4.0",
      client_version: "0.3.0",
      min_supported: "0.4.0",
      max_supported: "0.4.999",
    });
    // Another PATCH of 0.4 is compatible: Engine.IO's own handshake answers.
    const patch = await handshake("&a2c_version=0.4.7");
    expect(patch.status).toBe(200);
    expect(patch.text.startsWith("0{")).toBe(true);

    // A WebSocket-only handshake gets the same refusal before the WebSocket opens (versioning.md §5 R3).
    const upgrade = await new Promise<{ status: number | undefined; header: unknown; text: string }>((resolve, reject) => {
      const req = request(`${url}/socket.io/?EIO=4&transport=websocket&a2c_version=1.0.0`, {
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode, header: res.headers["x-a2c-error-code"], text }));
      });
      req.on("upgrade", () => reject(new Error("the WebSocket opened")));
      req.on("error", reject);
      req.end();
    });
    expect(upgrade.status).toBe(400);
    expect(upgrade.header).toBe("4008");
    expect(JSON.parse(upgrade.text)).toMatchObject({ code: 4008, client_version: "1.0.0" });
    await call(reference, { action: "stop", server_id });
  });

  it("handles one client's events in the order they came, a client:* right behind an unacknowledged join included", async () => {
    // Found by the interop matrix: a2c-smcp's Agent joins without asking for an ack and sends its
    // get_tools at once; over WebSocket both arrive in one read and the route ran before the join.
    const { url } = await start();
    const computer = await connect(url);
    computer.socket.on("client:get_tools", (req: { req_id: string }, ack: (v: unknown) => void) => ack({ tools: [], req_id: req.req_id }));
    expect(await join(computer, "computer", "c1", "order")).toEqual([true, null]);
    const agent = io(`${url}/smcp`, { query: { a2c_version: "0.4.0" }, transports: ["websocket"], reconnection: false, forceNew: true });
    open.push(agent);
    await new Promise<void>((resolve) => agent.once("connect", () => resolve()));
    agent.emit("server:join_office", { role: "agent", name: "a1", office_id: "order" });
    const answer = await agent.timeout(2_000).emitWithAck("client:get_tools", { agent: "a1", req_id: "r1", computer: "c1" });
    expect(answer).toEqual({ tools: [], req_id: "r1" });
  });

  it("stops by itself once its time box is over", async () => {
    const { url, server_id } = await start(reference, 1_000);
    const client = await connect(url);
    expect(await join(client, "computer", "c", "o")).toEqual([true, null]);
    expect(await new Promise((resolve) => client.socket.once("disconnect", resolve))).toBe("io server disconnect");
    const stopped = await call(reference, { action: "stop", server_id });
    expect(stopped["elapsed_ms"]).toBeGreaterThanOrEqual(1_000);
  });

  it("keeps serving from the subprocess adapter after start answers, and the adapter exits cleanly at shutdown", async () => {
    const adapter = referenceSubprocess({ shutdownGraceMs: 8_000 });
    expect((await adapter.start()).operations).toContain("wire.server");
    const first = await start(adapter);
    const second = await start(adapter); // left running: the shutdown stops it
    const client = await connect(first.url);
    expect(await join(client, "agent", "a", "o")).toEqual([true, null]);
    expect(await call(adapter, { action: "stop", server_id: first.server_id })).toMatchObject({ stopped: true });
    const other = await connect(second.url);
    const gone = new Promise((resolve) => other.socket.once("disconnect", resolve));
    const shutdownAt = performance.now();
    const stats = await adapter.stop();
    expect(performance.now() - shutdownAt).toBeLessThan(4_000); // exited on its own, well before the grace's kill
    expect(stats.restarts).toBe(0);
    expect(await gone).toBe("io server disconnect");
  });
});
