// transport.call_tool on the Python adapter runs on a worker thread per call, each with its own event
// loop, and the hello says so (`concurrent`): pipelined calls are all in flight at the kit's MCP server
// at once, each answered correctly, and a pure call sent after them is not held back.
import { afterAll, describe, expect, it } from "vitest";
import { type CaseEvidence, type OpenCase, openTransportCase, type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import { LinePipe } from "./line-pipe.ts";
import { adapterCommand, SDK_ADAPTERS, SDK_TESTS } from "./sdk-adapters.ts";

const CALLS = 3;
const DELAY_MS = 4000; // each tools/call is held this long by the scene before the SDK answers it

/** Whether the case's tools/call request has reached the server and is still held. */
const callHeld = (evidence: CaseEvidence) =>
  evidence.exchanges.some((e) => e.outcome === "open" && e.rpc.some((m) => m.method === "tools/call"));

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe.runIf(SDK_TESTS && SDK_ADAPTERS.includes("python"))("transport.call_tool on the Python adapter, concurrently", () => {
  let pipe: LinePipe | undefined;
  let server: SceneServer | undefined;
  afterAll(async () => {
    pipe?.kill();
    await server?.close();
  });

  it("declares it concurrent and has every pipelined call in flight at once", { timeout: 120_000 }, async () => {
    server = await startSceneServer();
    const cases: OpenCase[] = [];
    const calls: string[] = [];
    for (let id = 1; id <= CALLS; id++) {
      const input = {
        transport: "streamable_http",
        scene: { answer: "sdk", delay_ms: DELAY_MS },
        time_box_ms: 20000,
        connect_time_box_ms: 20000,
      };
      const opened = openTransportCase(server, input, `python-concurrent-${id}`);
      if (!opened.ok) throw new Error(opened.message);
      cases.push(opened.case);
      calls.push(JSON.stringify({ type: "call", id, op: "transport.call_tool", input: opened.call }));
    }
    const pure = { type: "call", id: CALLS + 1, op: "env_var.name", input: { input_id: "api_key", bundle_id: "feishu-mcp" } };

    pipe = new LinePipe(await adapterCommand("python"));
    pipe.write('{"type":"hello","adapter_protocol":1}\n');
    await pipe.waitForLines(1, 60_000);
    const hello = JSON.parse(pipe.lines[0]!) as { concurrent?: string[] };
    expect(hello.concurrent).toContain("transport.call_tool");

    pipe.write(`${calls.join("\n")}\n${JSON.stringify(pure)}\n`);
    // Every call's tools/call is held by the server at the same moment: they overlap.
    expect(await until(() => cases.every((c) => callHeld(c.evidence())), 60_000)).toBe(true);
    await pipe.waitForLines(1 + CALLS + 1, 60_000);
    const answers = pipe.lines.slice(1).map((l) => JSON.parse(l) as { id: number; ok: boolean; output: Record<string, unknown> });
    expect(answers[0]!.id).toBe(CALLS + 1); // the pure call was not held back behind the transport calls
    for (const answer of answers.slice(1)) {
      expect(answer.ok).toBe(true);
      expect(answer.output).toMatchObject({ isError: false, hangs: false, stage: "call", text: expect.stringContaining("DEMO-001") });
    }
    expect(
      answers
        .slice(1)
        .map((a) => a.id)
        .sort(),
    ).toEqual([1, 2, 3]);
    for (const c of cases) expect((await c.close()).tool_runs).toHaveLength(1); // one tool run per call, each in its own case
    expect(await pipe.shutdown()).toBe(0);
  });
});
