// The reference's live Computer (adapters/reference/computer/) against a real Socket.IO Server on
// 127.0.0.1 and the transport suite's MCP server: what the Server receives is checked, as the wire
// suite judges it — the handshake, the join, every client:* ack, and what the MCP servers ran.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireComputerOutput, WireServer } from "../../adapters/reference/computer/index.ts";
import { runWireComputer } from "../../adapters/reference/computer/index.ts";
import { validateServerConfig } from "../../adapters/reference/src/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { referenceSubprocess } from "../../harness/impl/reference-subprocess.ts";
import { type OpenCase, openTransportCase, type SceneServer, startSceneServer } from "../../harness/transport/index.ts";

const COMPUTER = "wire-computer";
const SECRET = "Bearer planted-7f3c-secret";

type Ack = Record<string, unknown>;
interface Agent {
  /** Sends a client:* event to the Computer and resolves with its ack (the defaults laid under `payload`). */
  ask(event: string, payload?: Record<string, unknown>): Promise<Ack>;
  /** What the Server broadcasts for server:tool_call_cancel. */
  cancel(reqId: string): void;
}

interface Session {
  readonly output: unknown;
  readonly query: Record<string, unknown>;
  readonly auth: Record<string, unknown>;
  readonly firstTransport: string;
  readonly join: unknown;
  /** Everything the Computer sent: the events and every ack, as received. */
  readonly sent: unknown[];
}

type Runner = (input: Record<string, unknown>) => Promise<unknown>;
const direct: Runner = (input) => runWireComputer(input as never);

/** One scene: a Server for one office that admits the Computer, plays `script` once it joined, then disconnects it. */
async function session(
  servers: WireServer[],
  script: (agent: Agent) => Promise<void>,
  run: Runner = direct,
  timeBoxMs = 12_000,
): Promise<Session> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const officeId = `office-${Math.random().toString(36).slice(2)}`;
  const seen: Partial<Session> & { sent: unknown[] } = { sent: [] };
  let n = 0;
  io.of("/smcp").on("connection", (socket) => {
    Object.assign(seen, { query: socket.handshake.query, auth: socket.handshake.auth, firstTransport: socket.conn.transport.name });
    socket.onAny((event, ...args) => seen.sent.push({ event, args: args.filter((a) => typeof a !== "function") }));
    socket.on("server:join_office", (request: unknown, ack: (ok: boolean, message: string | null) => void) => {
      Object.assign(seen, { join: request });
      void socket.join(officeId);
      ack(true, null);
      const agent: Agent = {
        ask: async (event, payload = {}) => {
          const ack = (await socket
            .timeout(8_000)
            .emitWithAck(event, { agent: "test-agent", req_id: `req-${++n}`, computer: COMPUTER, ...payload })) as Ack;
          seen.sent.push({ ack: event, value: ack });
          return ack;
        },
        cancel: (reqId) => io.of("/smcp").to(officeId).emit("notify:tool_call_cancel", { agent: "test-agent", req_id: reqId }),
      };
      void script(agent).finally(() => socket.disconnect(true));
    });
  });
  try {
    const output = await run({ url, office_id: officeId, computer_name: COMPUTER, servers, time_box_ms: timeBoxMs });
    return { ...(seen as Session), output };
  } finally {
    await io.close();
  }
}

let mcp: SceneServer;
const opened: OpenCase[] = [];
/** A case of the transport suite's MCP server (one tool, get_inventory), with an optional scene. */
function mcpCase(hint: string, scene?: Record<string, unknown>): OpenCase {
  const result = openTransportCase(mcp, { transport: "streamable_http", ...(scene ? { scene } : {}) }, hint);
  if (!result.ok) throw new Error(result.message);
  opened.push(result.case);
  return result.case;
}

beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

const ended = (output: unknown): WireComputerOutput => output as WireComputerOutput;
const isFlatError = (ack: Ack, code: number) => ack["code"] === code && typeof ack["message"] === "string" && !("error" in ack);

describe("the reference's live Computer", () => {
  it("connects, joins and answers every client:* event (through the in-process reference)", async () => {
    const inv = mcpCase("wire-session");
    const reference = referenceInProcess();
    expect((await reference.start()).operations).toContain("wire.computer");
    const acks: Record<string, Ack> = {};
    let runsAfterCall = -1;
    const s = await session(
      [{ name: "inventory", type: "streamable_http", url: inv.url, bundle_id: "inv" }],
      async (agent) => {
        acks["tools"] = await agent.ask("client:get_tools");
        acks["call"] = await agent.ask("client:tool_call", { tool_name: "inv__get_inventory", params: { sku: "DEMO-001" }, timeout: 10 });
        runsAfterCall = inv.evidence().tool_runs.length;
        acks["elsewhere"] = await agent.ask("client:tool_call", {
          computer: "another-computer",
          tool_name: "inv__get_inventory",
          params: {},
        });
        acks["unknown_tool"] = await agent.ask("client:tool_call", { tool_name: "inv__nope", params: {} });
        acks["no_server"] = await agent.ask("client:get_resources", { mcp_server: "nope" });
        acks["no_resources"] = await agent.ask("client:get_resources", { mcp_server: "inv" });
        acks["blob"] = await agent.ask("client:get_blob", { blob_handle: "not-a-handle" });
        acks["bad_skill"] = await agent.ask("client:get_skill", { name: "Bad Name!" });
        acks["unknown_skill"] = await agent.ask("client:get_skill", { name: "mcp:inv:code-review" });
        acks["skills"] = await agent.ask("client:get_skills");
        acks["desktop"] = await agent.ask("client:get_desktop");
        acks["config"] = await agent.ask("client:get_config");
      },
      async (input) => {
        const answer = await reference.call("wire.computer", input);
        expect(answer.result.kind).toBe("ok");
        return (answer.result as { output: unknown }).output;
      },
    );

    expect(ended(s.output)).toMatchObject({ joined: true, ended: "server_disconnect", stage: null, raised: null });
    expect(s.query["a2c_version"]).toBe("0.4.0");
    expect(s.auth).not.toHaveProperty("role");
    expect(s.firstTransport).toBe("polling");
    expect(s.join).toEqual({ role: "computer", name: COMPUTER, office_id: expect.stringMatching(/^office-/) });

    const tools = acks["tools"]!["tools"] as Array<Record<string, unknown>>;
    expect(tools.map((t) => [t["name"], t["bundle_id"]])).toEqual([["inv__get_inventory", "inv"]]);
    expect(acks["tools"]!["req_id"]).toBe("req-1");
    expect(typeof (tools[0]!["meta"] as Record<string, unknown>)["MCP_TOOL_ANNOTATION"]).toBe("string");

    expect(acks["call"]).toMatchObject({ isError: false, content: [{ type: "text", text: expect.stringContaining("DEMO-001") }] });
    expect(runsAfterCall).toBe(1);
    expect(isFlatError(acks["elsewhere"]!, 404)).toBe(true);
    expect(isFlatError(acks["unknown_tool"]!, 4001)).toBe(true);
    expect((await inv.close()).tool_runs).toHaveLength(1); // neither the other Computer's call nor the unknown tool ran

    expect(acks["no_server"]).toEqual({ code: 4014, message: expect.any(String), mcp_server: "nope" });
    expect(acks["no_resources"]).toEqual({ code: 4015, message: expect.any(String), mcp_server: "inv", capability: "resources" });
    expect(acks["blob"]).toEqual({ code: 4018, message: expect.any(String), details: { reason: "invalid_handle" } });
    expect(acks["bad_skill"]).toEqual({ code: 4016, message: expect.any(String), details: { name: "Bad Name!" } });
    expect(acks["unknown_skill"]).toEqual({ code: 4014, message: expect.any(String), details: { name: "mcp:inv:code-review" } });
    expect(acks["skills"]).toEqual({ skills: [], req_id: expect.any(String) });
    expect(acks["desktop"]).toEqual({ desktops: [], req_id: expect.any(String) });

    const servers = acks["config"]!["servers"] as Record<string, unknown>;
    expect(Object.keys(servers)).toEqual(["inv"]);
    expect(validateServerConfig(servers["inv"])).toEqual({ accepted: true, reason: null });
    // Nothing but join and the acks: no update notification, no other event.
    expect(s.sent.filter((p) => "event" in (p as object)).map((p) => (p as { event: string }).event)).toEqual(["server:join_office"]);
  });

  it("answers a cancelled call with a2c_cancelled and a call past its timeout with a2c_timeout", async () => {
    const slow = mcpCase("wire-slow", { answer: "sdk", delay_ms: 3_000 });
    const acks: Record<string, Ack> = {};
    const s = await session([{ name: "slow", type: "streamable_http", url: slow.url }], async (agent) => {
      const call = agent.ask("client:tool_call", {
        req_id: "call-to-cancel",
        tool_name: "slow__get_inventory",
        params: { sku: "DEMO-002" },
        timeout: 10,
      });
      await new Promise((r) => setTimeout(r, 300));
      agent.cancel("not-in-flight"); // a silent no-op
      agent.cancel("call-to-cancel");
      acks["cancelled"] = await call;
      acks["timed_out"] = await agent.ask("client:tool_call", {
        tool_name: "slow__get_inventory",
        params: { sku: "DEMO-002" },
        timeout: 1,
      });
    });
    expect(ended(s.output)).toMatchObject({ joined: true, ended: "server_disconnect" });
    expect(acks["cancelled"]).toMatchObject({ isError: true, meta: { a2c_cancelled: true, a2c_cancel_reason: "agent_requested" } });
    expect(acks["timed_out"]).toMatchObject({ isError: true, meta: { a2c_timeout: true } });
    await slow.close();
  });

  it("keeps disabled servers and forbidden tools out, applies tool_meta, and never shows a header (through the subprocess)", async () => {
    const [withSecret, off, banned] = [mcpCase("wire-secret"), mcpCase("wire-off"), mcpCase("wire-banned")];
    const acks: Record<string, Ack> = {};
    const reference = referenceSubprocess({ strictProtocol: true });
    expect((await reference.start()).operations).toContain("wire.computer");
    const servers: WireServer[] = [
      {
        name: "Inventory Two",
        type: "streamable_http",
        url: withSecret!.url,
        tool_meta: { get_inventory: { alias: "stock", tags: ["stock"] } },
        headers: { Authorization: SECRET },
      },
      { name: "off", type: "streamable_http", url: off!.url, disabled: true },
      { name: "banned", type: "streamable_http", url: banned!.url, forbidden_tools: ["get_inventory"] },
    ];
    try {
      const s = await session(
        servers,
        async (agent) => {
          acks["tools"] = await agent.ask("client:get_tools");
          acks["config"] = await agent.ask("client:get_config");
          acks["call"] = await agent.ask("client:tool_call", {
            tool_name: "Inventory_Two__stock",
            params: { sku: "DEMO-001" },
            timeout: 10,
          });
          acks["forbidden"] = await agent.ask("client:tool_call", { tool_name: "banned__get_inventory", params: { sku: "DEMO-001" } });
          acks["disabled"] = await agent.ask("client:tool_call", { tool_name: "off__get_inventory", params: { sku: "DEMO-001" } });
          acks["disabled_resources"] = await agent.ask("client:get_resources", { mcp_server: "off" });
        },
        async (input) => {
          const answer = await reference.call("wire.computer", input, { timeoutMs: 20_000 });
          expect(answer.result.kind).toBe("ok");
          return (answer.result as { output: unknown }).output;
        },
      );
      expect(ended(s.output)).toMatchObject({ joined: true, ended: "server_disconnect" });

      const tools = acks["tools"]!["tools"] as Array<Record<string, unknown>>;
      expect(tools.map((t) => [t["name"], t["bundle_id"]])).toEqual([["Inventory_Two__stock", "Inventory_Two"]]);
      const a2c = JSON.parse((tools[0]!["meta"] as Record<string, string>)["a2c_tool_meta"]!);
      expect(a2c).toEqual({ auto_apply: null, alias: "stock", tags: ["stock"], ret_object_mapper: null });

      const config = acks["config"]!["servers"] as Record<string, Record<string, unknown>>;
      expect(Object.keys(config).sort()).toEqual(["Inventory_Two", "banned", "off"]);
      expect(config["off"]!["disabled"]).toBe(true);
      expect(acks["call"]).toMatchObject({ isError: false });
      expect(isFlatError(acks["forbidden"]!, 4001)).toBe(true);
      expect(isFlatError(acks["disabled"]!, 4001)).toBe(true);
      expect(acks["disabled_resources"]).toMatchObject({ code: 4014, mcp_server: "off" });

      // The credential reached its MCP server and appears in nothing the Computer sent.
      const withSecretEvidence = await withSecret!.close();
      expect(withSecretEvidence.exchanges.some((e) => e.request_headers["authorization"] === "<present>")).toBe(true);
      expect(withSecretEvidence.tool_runs).toHaveLength(1);
      expect(JSON.stringify(s)).not.toContain("planted-7f3c-secret");
      expect((await off!.close()).exchanges).toHaveLength(0);
      expect((await banned!.close()).tool_runs).toHaveLength(0);
    } finally {
      await reference.stop();
    }
  });

  it("says where a session failed: connect, join, or the time box", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const noServer = await runWireComputer({
      url: `http://127.0.0.1:${port}`,
      office_id: "o",
      computer_name: COMPUTER,
      servers: [],
      time_box_ms: 5_000,
    });
    expect(noServer).toMatchObject({ joined: false, ended: "error", stage: "connect", raised: { type: "ConnectError" } });

    const refusing = await failingJoin((_request, ack) => ack(false, "this office is full"), 5_000);
    expect(refusing).toMatchObject({
      joined: false,
      ended: "error",
      stage: "join",
      raised: { type: "JoinRefused", message: "this office is full" },
    });

    const silent = await failingJoin(() => {}, 1_000);
    expect(silent).toMatchObject({ joined: false, ended: "time_box", stage: null, raised: null });
    expect(silent.elapsed_ms).toBeLessThan(1_000 + 3_000);
  });
});

/** A Server that answers the join with `onJoin`. */
async function failingJoin(onJoin: (request: unknown, ack: (ok: boolean, message: string | null) => void) => void, timeBoxMs: number) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  io.of("/smcp").on("connection", (socket) => socket.on("server:join_office", onJoin));
  try {
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    return await runWireComputer({ url, office_id: "o", computer_name: COMPUTER, servers: [], time_box_ms: timeBoxMs });
  } finally {
    await io.close();
  }
}
