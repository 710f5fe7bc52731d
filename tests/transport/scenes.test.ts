// Scenes apply to the JSON-RPC methods they name and nothing else: a 401 with WWW-Authenticate on
// tools/call lets the handshake through; a scene on initialize refuses it; delays, no answer,
// resets, a bounded `times` that makes a replay visible, and the SSE transport's POSTs.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceFacts } from "../../harness/transport/evidence-facts.ts";
import { prepareTransportCase } from "../../harness/transport/prepare-case.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/scene-server.ts";
import { callSse, callStreamable, LEGACY } from "./clients.ts";

let server: SceneServer;
beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(() => server.close());

/** Opens a vector's input as a case, the way the runner will. */
function open(input: Record<string, unknown>) {
  const prepared = prepareTransportCase(input, { caseId: server.newCaseId("scene"), baseUrl: server.baseUrl });
  if (!prepared.ok) throw new Error(prepared.problem);
  return server.openCase(prepared.spec);
}

describe("scenes", () => {
  it("401 + WWW-Authenticate on tools/call only: initialize passes, the tool never runs", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "status", status: 401, www_authenticate: 'Bearer realm="mcp"' } });
    const outcome = await callStreamable(c.url, "legacy");
    const evidence = await c.close();
    expect(outcome).toMatchObject({ hangs: false, error: { status: 401 } });
    const init = evidence.exchanges.find((e) => e.rpc.some((m) => m.method === "initialize"))!;
    const call = evidence.exchanges.find((e) => e.rpc.some((m) => m.method === "tools/call"))!;
    expect(init).toMatchObject({ status: 200, answered_by: "sdk" });
    expect(call).toMatchObject({ status: 401, answered_by: "status", client_revision: LEGACY });
    expect(call.response_headers["www-authenticate"]).toBe('Bearer realm="mcp"');
    expect(call.response_body).toBe('{"scene":"scripted-status"}');
    expect(call.rpc[0]).toMatchObject({ kind: "request", method: "tools/call", tool: "get_inventory" });
    expect(evidenceFacts(evidence)).toMatchObject({ initialize_status: 200, tools_call_status: 401, tools_call_requests: 1, tool_runs: 0 });
  });

  it("a scene on initialize too refuses the handshake: no tools/call ever arrives", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "status", on: ["initialize", "tools/call"], status: 401 } });
    const outcome = await callStreamable(c.url, "legacy");
    const facts = evidenceFacts(await c.close());
    expect(outcome.error?.status).toBe(401);
    expect(facts).toMatchObject({ initialize_status: 401, tools_call_requests: 0, tool_runs: 0 });
  });

  it("delay_ms holds the answer, then the SDK answers", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "sdk", delay_ms: 300 } });
    const started = Date.now();
    const outcome = await callStreamable(c.url, "legacy");
    const evidence = await c.close();
    expect(outcome.result?.isError).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const call = evidence.exchanges.find((e) => e.rpc.some((m) => m.method === "tools/call"))!;
    expect(call).toMatchObject({ delay_ms: 300, answered_by: "sdk", status: 200 });
    expect(evidence.tool_runs).toHaveLength(1);
  });

  it("no_answer: the client's time box expires; closing the case ends the held request", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "no_answer" } });
    const outcome = await callStreamable(c.url, "legacy", 800);
    const evidence = await c.close();
    expect(outcome.hangs).toBe(true);
    const call = evidence.exchanges.find((e) => e.rpc.some((m) => m.method === "tools/call"))!;
    expect(call).toMatchObject({ status: null, answered_by: "no_answer", outcome: "closed_before_finish" });
    expect(evidenceFacts(evidence)).toMatchObject({ unanswered: 1, tool_runs: 0, tools_call_status: null });
  });

  it("a delay longer than the case lives is cancelled at close, leaving no timer", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "sdk", delay_ms: 20000 } });
    const outcome = await callStreamable(c.url, "legacy", 500);
    const evidence = await c.close();
    expect(outcome.hangs).toBe(true);
    expect(evidence.tool_runs).toHaveLength(0);
    expect(evidence.exchanges.at(-1)).toMatchObject({ delay_ms: 20000, status: null, outcome: "closed_before_finish" });
  });

  it("reset drops the connection: the client fails, it does not hang", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "reset" } });
    const outcome = await callStreamable(c.url, "legacy", 3000);
    const evidence = await c.close();
    expect(outcome.hangs).toBe(false);
    expect(outcome.error).toBeDefined();
    expect(evidence.exchanges.at(-1)).toMatchObject({ answered_by: "reset", status: null });
  });

  it("a 500 with a body of the vector's own goes out as given", async () => {
    const c = open({
      transport: "streamable_http",
      scene: { answer: "status", status: 500, body: "upstream exploded", headers: { "Retry-After": "1" } },
    });
    await callStreamable(c.url, "legacy");
    const call = (await c.close()).exchanges.at(-1)!;
    expect(call).toMatchObject({ status: 500, response_body: "upstream exploded" });
  });

  it("rpc_error answers the call with the vector's JSON-RPC error, its id echoed, so the client gets that error", async () => {
    const error = { code: -32603, message: "store unreachable: postgresql://u:p@db.internal/app", data: { host: "db.internal" } };
    const c = open({ transport: "streamable_http", scene: { answer: "rpc_error", error } });
    const outcome = await callStreamable(c.url, "legacy");
    const evidence = await c.close();
    expect(outcome.hangs).toBe(false);
    expect(outcome.error?.message).toMatch(/store unreachable: postgresql:\/\/u:p@db\.internal\/app/);
    const call = evidence.exchanges.find((e) => e.rpc.some((m) => m.method === "tools/call"))!;
    expect(call).toMatchObject({ status: 200, answered_by: "rpc_error" });
    const id = call.rpc.find((m) => m.method === "tools/call")!.id;
    expect(JSON.parse(call.response_text!.text)).toEqual({ jsonrpc: "2.0", id, error });
    expect(evidence.tool_runs).toHaveLength(0);
    expect(() => open({ transport: "sse", scene: { answer: "rpc_error", error } })).toThrow(/streamable HTTP only/);
    expect(() => open({ transport: "streamable_http", scene: { answer: "rpc_error" } })).toThrow(/error/);
  });

  it("times: 1 answers the first tools/call only, so a replay reaches the tool and shows", async () => {
    const c = open({ transport: "streamable_http", scene: { answer: "status", status: 401, times: 1 } });
    const client = new Client({ name: "replayer", version: "0" }, { supportedProtocolVersions: [LEGACY] });
    await client.connect(new StreamableHTTPClientTransport(new URL(c.url)));
    const call = () => client.callTool({ name: "get_inventory", arguments: { sku: "DEMO-002" } });
    await expect(call()).rejects.toThrow();
    await expect(call()).resolves.toMatchObject({ structuredContent: { sku: "DEMO-002" } });
    await client.close();
    const facts = evidenceFacts(await c.close());
    expect(facts).toMatchObject({ tools_call_requests: 2, tools_call_statuses: [401, 200], tool_runs: 1 });
  });

  it("SSE: a 401 on the POSTed tools/call, the stream and the handshake untouched", async () => {
    const c = open({ transport: "sse", scene: { answer: "status", status: 401 } });
    const outcome = await callSse(c.url);
    const evidence = await c.close();
    expect(outcome.hangs).toBe(false);
    expect(outcome.error?.message).toMatch(/401/);
    expect(evidenceFacts(evidence)).toMatchObject({
      initialize_status: 202,
      tools_call_status: 401,
      tool_runs: 0,
      negotiated_revision: LEGACY,
    });
  });
});
