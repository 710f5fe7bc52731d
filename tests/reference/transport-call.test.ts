// The reference's transport.call_tool (adapters/reference/computer/transport-call.ts) through its
// adapter table, against the kit's own scene server: a plain call, upstream refusals mapped as
// error-handling.md §4006/4007 判定决策表 says, a hang reported within its time box, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransportCallOutput } from "../../adapters/reference/computer/index.ts";
import { REFERENCE_HELLO } from "../../adapters/reference/hello.ts";
import { answerReferenceLive, type ReferenceAnswer } from "../../adapters/reference/operations.ts";
import { type CaseEvidence, evidenceFacts, openTransportCase, type SceneServer, startSceneServer } from "../../harness/transport/index.ts";

const OP = "transport.call_tool";
let server: SceneServer;
let nextId = 1;

beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(async () => {
  await server.close();
});

/** Opens the vector input's scene, has the reference answer the call, closes: the answer and what the server recorded. */
async function call(
  vectorInput: Record<string, unknown>,
): Promise<{ answer: ReferenceAnswer; evidence: CaseEvidence; input: Record<string, unknown> }> {
  const opened = openTransportCase(server, vectorInput, "reference-transport-call");
  if (!opened.ok) throw new Error(opened.message);
  const input = opened.call as unknown as Record<string, unknown>;
  const answer = await answerReferenceLive(nextId++, OP, input);
  return { answer, evidence: await opened.case.close(), input };
}

function outputOf(answer: ReferenceAnswer): TransportCallOutput {
  if (answer.type !== "result" || !answer.ok) throw new Error(`not an output: ${JSON.stringify(answer)}`);
  return answer.output as TransportCallOutput;
}

describe("the reference's transport.call_tool", () => {
  it("is in the handshake, answered concurrently", () => {
    expect(REFERENCE_HELLO.operations).toContain(OP);
    expect(REFERENCE_HELLO.concurrent).toContain(OP);
  });

  it("a plain call returns the tool's result; the tool ran once", async () => {
    const { answer, evidence } = await call({ transport: "streamable_http" });
    const output = outputOf(answer);
    expect(output).toMatchObject({
      isError: false,
      error_code: null,
      mcp_server: null,
      hangs: false,
      stage: "call",
      client_revision: "2025-11-25",
    });
    expect(JSON.parse(output.text!)).toMatchObject({ sku: "DEMO-001" });
    expect(evidenceFacts(evidence)).toMatchObject({ tools_call_requests: 1, tool_runs: 1 });
  });

  it.each(["streamable_http", "sse"])(
    "a 401 on tools/call over %s is 4006 with the bundle_id, at once and sent once",
    async (transport) => {
      const { answer, evidence } = await call({
        transport,
        bundle_id: "inventory-eu",
        scene: { answer: "status", status: 401, www_authenticate: 'Bearer realm="mcp"' },
      });
      const output = outputOf(answer);
      expect(output).toMatchObject({ isError: true, error_code: 4006, mcp_server: "inventory-eu", hangs: false, stage: "call" });
      expect(output.elapsed_ms).toBeLessThan(5_000);
      expect(evidenceFacts(evidence)).toMatchObject({ tools_call_status: 401, tools_call_requests: 1, tool_runs: 0 });
    },
  );

  it.each(["streamable_http", "sse"])("a 403 on tools/call over %s is 4007", async (transport) => {
    const scene = { answer: "status", status: 403, www_authenticate: 'Bearer error="insufficient_scope"' };
    expect(outputOf((await call({ transport, scene })).answer)).toMatchObject({ isError: true, error_code: 4007, mcp_server: "inventory" });
  });

  it("a 500 carries no auth signal: 4003, never 4006/4007", async () => {
    const { answer } = await call({ transport: "streamable_http", scene: { answer: "status", status: 500 } });
    expect(outputOf(answer)).toMatchObject({ isError: true, error_code: 4003, hangs: false });
  });

  it("a tools/call never answered is a hang at the call stage, reported when its box ends", async () => {
    const began = performance.now();
    const { answer } = await call({ transport: "streamable_http", scene: { answer: "no_answer" }, time_box_ms: 800 });
    const output = outputOf(answer);
    expect(output).toMatchObject({ hangs: true, stage: "call", isError: null, error_code: null, text: null });
    expect(output.elapsed_ms).toBeGreaterThanOrEqual(800);
    // The box, then a bounded close: the answer comes well within the harness's allowance (both boxes + 8 s).
    expect(performance.now() - began).toBeLessThan(800 + 5_000 + 4_000);
  });

  it("a handshake never answered is a hang at the connect stage", async () => {
    const scene = { answer: "no_answer", on: ["initialize"] };
    const { answer } = await call({ transport: "streamable_http", scene, connect_time_box_ms: 600 });
    const output = outputOf(answer);
    expect(output).toMatchObject({ hangs: true, stage: "connect", isError: null, client_revision: null });
    expect(output.elapsed_ms).toBeGreaterThanOrEqual(600);
    expect(output.elapsed_ms).toBeLessThan(3_000);
  });

  it("sse_handwritten is a Rust-only client: unsupported, with the reason", async () => {
    const { answer, evidence } = await call({ transport: "sse_handwritten" });
    expect(answer).toMatchObject({ type: "unsupported", message: expect.stringContaining("hand-written SSE") });
    expect(evidence.exchanges).toHaveLength(0);
  });

  it("refuses any URL but the harness's loopback case URL, without connecting", async () => {
    const { input } = await call({ transport: "sse_handwritten" });
    for (const url of [
      "http://localhost:80/c/x/mcp",
      "http://127.0.0.1:80/other",
      "https://127.0.0.1:80/c/x/mcp",
      "http://10.0.0.1:80/c/x/mcp",
    ]) {
      const answer = await answerReferenceLive(nextId++, OP, { ...input, transport: "streamable_http", url });
      expect(answer).toMatchObject({ type: "result", ok: false, error: { reason: "unclassified" } });
    }
  });
});
