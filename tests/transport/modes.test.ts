// Each server mode answers the official MCP clients for real: both revisions side by side, modern
// only (a legacy client is refused with -32022, and nothing runs), legacy only, sessionful legacy,
// and the 1.x SSE transport.
import { PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceFacts } from "../../harness/transport/evidence-facts.ts";
import { ENVELOPE_VERSION_KEY } from "../../harness/transport/rpc-summary.ts";
import type { CaseSpec } from "../../harness/transport/scene.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/scene-server.ts";
import { callSse, callStreamable, LEGACY, MODERN, type StreamableClientKind } from "./clients.ts";

let server: SceneServer;
beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(() => server.close());

const ITEM = { sku: "DEMO-001", label: "Synthetic notebook", available: 7 };

async function run(mode: CaseSpec["mode"], kind: StreamableClientKind | "sse") {
  const opened = server.openCase({
    id: server.newCaseId(`${mode}-${kind}`),
    transport: kind === "sse" ? "sse" : "streamable_http",
    mode,
    scene: null,
  });
  const outcome = kind === "sse" ? await callSse(opened.url) : await callStreamable(opened.url, kind);
  const evidence = await opened.close();
  return { outcome, evidence, facts: evidenceFacts(evidence) };
}

describe("server modes, each against a real MCP client", () => {
  it("reads the modern envelope claim under the SDK's own key", () => {
    expect(ENVELOPE_VERSION_KEY).toBe(PROTOCOL_VERSION_META_KEY);
  });

  it("dual serves a modern client on 2026-07-28", async () => {
    const { outcome, facts } = await run("dual", "auto");
    expect(outcome).toMatchObject({ result: { isError: false, structured: ITEM }, negotiated: MODERN, era: "modern" });
    expect(facts).toMatchObject({
      era: "modern",
      client_revision: MODERN,
      negotiated_revision: MODERN,
      tool_runs: 1,
      tools_call_requests: 1,
    });
    expect(facts.methods).toEqual(["server/discover", "tools/call"]);
  });

  it("dual serves a legacy client on 2025-11-25 beside it", async () => {
    const { outcome, facts } = await run("dual", "legacy");
    expect(outcome).toMatchObject({ result: { isError: false, structured: ITEM }, negotiated: LEGACY });
    expect(facts).toMatchObject({
      era: "legacy",
      client_revision: LEGACY,
      negotiated_revision: LEGACY,
      tool_runs: 1,
      tools_call_status: 200,
    });
    expect(facts.methods).toEqual(["initialize", "notifications/initialized", "tools/call"]);
  });

  it("modern_only refuses a legacy client with 400 / -32022 and runs nothing", async () => {
    const { outcome, facts } = await run("modern_only", "legacy");
    expect(outcome.hangs).toBe(false);
    expect(outcome.error?.status).toBe(400);
    expect(facts).toMatchObject({
      initialize_status: 400,
      jsonrpc_error_codes: [-32022],
      tools_call_requests: 0,
      tool_runs: 0,
      negotiated_revision: null,
    });
  });

  it("modern_only still serves a modern client", async () => {
    const { outcome, facts } = await run("modern_only", "auto");
    expect(outcome).toMatchObject({ result: { structured: ITEM }, negotiated: MODERN });
    expect(facts.tool_runs).toBe(1);
  });

  it("legacy_only turns the modern probe away and serves the fallback once", async () => {
    const { outcome, facts } = await run("legacy_only", "auto");
    expect(outcome).toMatchObject({ result: { structured: ITEM }, negotiated: LEGACY, era: "legacy" });
    expect(facts.revisions_sent).toEqual([MODERN, LEGACY]);
    expect(facts).toMatchObject({ era: "legacy", negotiated_revision: LEGACY, tools_call_requests: 1, tool_runs: 1 });
  });

  it("legacy_sessionful issues an mcp-session-id and gets it back on every later request", async () => {
    const { outcome, evidence } = await run("legacy_sessionful", "legacy");
    expect(outcome.result?.structured).toEqual(ITEM);
    const [init, ...later] = evidence.exchanges;
    const sid = init!.response_headers["mcp-session-id"];
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(later.length).toBeGreaterThan(1);
    for (const ex of later) expect(ex.request_headers["mcp-session-id"]).toBe(sid);
  });

  it("sse serves the 1.x SSE client: replies on the stream, POSTs answered 202", async () => {
    const { outcome, evidence, facts } = await run("sse", "sse");
    expect(outcome.result?.structured).toEqual(ITEM);
    const stream = evidence.exchanges[0]!;
    expect(stream).toMatchObject({ http_method: "GET", status: 200 });
    expect(stream.response_rpc[0]).toMatchObject({
      kind: "endpoint",
      endpoint: expect.stringMatching(/^\/c\/[^/]+\/messages\?sessionId=/),
    });
    expect(facts).toMatchObject({ tools_call_status: 202, tool_runs: 1, negotiated_revision: LEGACY, era: "legacy" });
  });
});
