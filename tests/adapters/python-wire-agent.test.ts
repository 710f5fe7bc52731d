// wire.agent on the Python adapter: the SDK's own AsyncSMCPAgentClient against a scripted Socket.IO Server on
// 127.0.0.1, which records what the Agent sent; the answer carries what each SDK call returned and the
// notifications its handlers saw.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterAll, describe, expect, it } from "vitest";
import { LinePipe } from "./line-pipe.ts";
import { adapterCommand, SDK_ADAPTERS, SDK_TESTS } from "./sdk-adapters.ts";

const TOOL = { name: "inv__get_inventory", description: "x", params_schema: { type: "object" }, return_schema: null };

describe.runIf(SDK_TESTS && SDK_ADAPTERS.includes("python"))("wire.agent on the Python adapter", () => {
  let pipe: LinePipe | undefined;
  const http = createServer();
  const io = new Server(http);
  afterAll(async () => {
    pipe?.kill();
    await io.close();
  });

  it("runs the script through the SDK's Agent API and reports its notifications", async () => {
    const sent: [string, unknown][] = [];
    io.of("/smcp").on("connection", (socket) => {
      socket.onAny((event: string, ...args: unknown[]) => {
        const ack = typeof args.at(-1) === "function" ? (args.pop() as (...a: unknown[]) => void) : undefined;
        sent.push([event, args[0]]);
        const req = args[0] as { req_id?: string };
        if (event === "server:join_office") ack?.(true, null);
        if (event === "client:get_tools") ack?.({ tools: [TOOL], req_id: req.req_id });
        if (event === "client:get_config") ack?.({ code: 404, message: "no such computer" });
        if (event === "client:tool_call") {
          ack?.({ content: [{ type: "text", text: "ok" }], isError: false });
          setTimeout(() => socket.emit("notify:update_tool_list", { computer: "c1" }), 20);
        }
      });
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const script = [
      { do: "get_tools", as: "tools" },
      { do: "tool_call", as: "call", tool_name: TOOL.name, params: { sku: "A" }, timeout_s: 5 },
      { do: "wait", as: "pause", ms: 300 },
      { do: "get_config", as: "config" },
      { do: "leave", as: "bye" },
    ];
    const input = { url, office_id: "o1", agent_name: "a1", computer_name: "c1", time_box_ms: 8000, script };
    pipe = new LinePipe(await adapterCommand("python"));
    pipe.write(`{"type":"hello","adapter_protocol":1}\n${JSON.stringify({ type: "call", id: 1, op: "wire.agent", input })}\n`);
    await pipe.waitForLines(2, 15_000);
    const answer = JSON.parse(pipe.lines[1]!) as { ok: boolean; output: Record<string, unknown> };
    expect(answer.ok).toBe(true);
    expect(answer.output).toMatchObject({
      joined: true,
      stage: null,
      steps: [
        { as: "tools", outcome: "ok", value: { tools: [TOOL] } },
        { as: "call", outcome: "ok", value: { content: [{ type: "text", text: "ok" }], isError: false } },
        { as: "pause", outcome: "ok" },
        { as: "config", outcome: "ok", value: { servers: {} } }, // the SDK drops the flat ErrorPayload (0.4.2)
        { as: "bye", outcome: "ok" },
      ],
      notifications: [
        { event: "notify:update_tool_list", data: { computer: "c1" } },
        { event: "sdk:tools_received", data: { computer: "c1", tools: [TOOL] } },
      ],
    });
    expect(sent.map(([event]) => event)).toEqual([
      "server:join_office",
      "client:get_tools",
      "client:tool_call",
      "client:get_tools",
      "client:get_config",
      "server:leave_office",
    ]);
    expect(sent[0]![1]).toEqual({ office_id: "o1", role: "agent", name: "a1" });
    expect(sent[2]![1]).toMatchObject({ computer: "c1", agent: "a1", tool_name: TOOL.name, params: { sku: "A" }, timeout: 5 });
  }, 900_000);
});
