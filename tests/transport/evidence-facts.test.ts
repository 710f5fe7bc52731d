// The facts a verdict may use come from the recorded exchanges alone: audit can re-derive them
// from a report, and editing one recorded status (or tool run) changes what it derives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { opDefinition } from "../../harness/model/operations.ts";
import type { CaseEvidence } from "../../harness/transport/evidence.ts";
import { evidenceFacts } from "../../harness/transport/evidence-facts.ts";
import { observedValue } from "../../harness/transport/observation.ts";
import { prepareTransportCase, TRANSPORT_OP } from "../../harness/transport/prepare-case.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/scene-server.ts";
import { callSse, callStreamable, LEGACY } from "./clients.ts";

let server: SceneServer;
let recorded401: CaseEvidence;
beforeAll(async () => {
  server = await startSceneServer();
  recorded401 = await record({
    transport: "streamable_http",
    scene: { answer: "status", status: 401, www_authenticate: 'Bearer realm="mcp"' },
  });
});
afterAll(() => server.close());

/** Runs a vector's scene against the legacy client (or the SSE client) and returns the record as a report would hold it. */
async function record(input: Record<string, unknown>): Promise<CaseEvidence> {
  const p = prepareTransportCase(input, { caseId: server.newCaseId("facts"), baseUrl: server.baseUrl });
  if (!p.ok) throw new Error(p.problem);
  const c = server.openCase(p.spec);
  await (p.spec.mode === "sse" ? callSse(c.url) : callStreamable(c.url, "legacy"));
  return JSON.parse(JSON.stringify(await c.close())) as CaseEvidence;
}

describe("evidenceFacts", () => {
  it("reads the 401 case: the handshake, the one tools/call and its status, no tool run, the revision", () => {
    expect(evidenceFacts(recorded401)).toEqual({
      methods: ["initialize", "notifications/initialized", "tools/call"],
      initialize_requests: 1,
      initialize_status: 200,
      tools_call_requests: 1,
      tools_call_status: 401,
      tools_call_statuses: [401],
      tool_runs: 0,
      client_revision: LEGACY,
      revisions_sent: [LEGACY],
      negotiated_revision: LEGACY,
      era: "legacy",
      jsonrpc_error_codes: [],
      unanswered: 0,
    });
  });

  it("changes when one recorded status is edited, and so does the judged value", () => {
    const edited = structuredClone(recorded401) as unknown as { exchanges: { rpc: { method?: string }[]; status: number | null }[] };
    edited.exchanges.find((e) => e.rpc.some((m) => m.method === "tools/call"))!.status = 200;
    const before = observedValue({ error_code: 4006, hangs: false }, recorded401) as { server: { tools_call_status: number } };
    const after = observedValue({ error_code: 4006, hangs: false }, edited as unknown as CaseEvidence) as typeof before;
    expect(before.server.tools_call_status).toBe(401);
    expect(after.server.tools_call_status).toBe(200);
  });

  it("changes when a tool run is added to the record", () => {
    const edited = { ...recorded401, tool_runs: [{ t_ms: 1, era: "legacy" as const, arguments: { sku: "DEMO-001" } }] };
    expect(evidenceFacts(edited).tool_runs).toBe(1);
  });

  it("finds the SSE handshake's revision on the stream, by the initialize's id", async () => {
    const facts = evidenceFacts(await record({ transport: "sse" }));
    expect(facts).toMatchObject({ negotiated_revision: LEGACY, client_revision: LEGACY, tools_call_status: 202, tool_runs: 1 });
  });

  it("never throws on a damaged record", () => {
    const broken = {
      exchanges: [null, { rpc: "x", status: "401" }, { rpc: [{ method: "tools/call" }] }],
      tool_runs: "many",
    } as unknown as CaseEvidence;
    expect(evidenceFacts(broken)).toMatchObject({ tools_call_requests: 1, tools_call_status: null, tool_runs: 0, methods: ["tools/call"] });
    expect(evidenceFacts({} as CaseEvidence)).toMatchObject({ tools_call_requests: 0, era: null, client_revision: null });
  });

  it("names exactly the facts a vector's expected.server may state", () => {
    const server = (opDefinition(TRANSPORT_OP)!.expected as { properties: { server: { properties: object } } }).properties.server;
    expect(Object.keys(server.properties).sort()).toEqual(Object.keys(evidenceFacts(recorded401)).sort());
  });
});

describe("observedValue", () => {
  it("puts the facts beside the adapter's output; a non-object output stays as it is", () => {
    expect(observedValue({ hangs: true }, recorded401)).toMatchObject({ hangs: true, server: { tools_call_status: 401 } });
    expect(observedValue("nonsense", recorded401)).toBe("nonsense");
  });
});
