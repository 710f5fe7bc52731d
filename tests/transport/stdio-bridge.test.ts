// The kit's MCP scene server as a stdio program: a real MCP client (the official SDK's stdio
// transport) starts the bridge, and every message it sends reaches the case's record over HTTP
// unchanged; the credential from its env arrives as a bearer header; a target that is not a
// loopback case URL is refused in one line; closing stdin ends the bridge.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MCP_STDIO_BRIDGE,
  openTransportCase,
  type SceneServer,
  STDIO_TOKEN_ENV,
  startSceneServer,
  stdioCommandFor,
} from "../../harness/transport/index.ts";

let server: SceneServer;
beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(async () => {
  await server.close();
});

const PLAYED = {
  name: "echo_unicode",
  title: "Écho",
  result: { content: [{ type: "text", text: "héllo ✓" }], structuredContent: { ok: true } },
};

describe("the stdio bridge", () => {
  it("relays a real stdio client's session to the case, both ways, with the env credential as a header", async () => {
    const opened = openTransportCase(server, { transport: "streamable_http", played_tools: [PLAYED] }, "bridge");
    if (!opened.ok) throw new Error(opened.message);
    const { command, args } = stdioCommandFor(opened.call.url);
    const transport = new StdioClientTransport({ command, args: [...args], env: { [STDIO_TOKEN_ENV]: "kit-secret-xyz" }, stderr: "pipe" });
    const client = new Client({ name: "bridge-test", version: "0" });
    await client.connect(transport);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("echo_unicode");
    const result = await client.callTool({ name: "echo_unicode", arguments: {} });
    expect(result).toMatchObject(PLAYED.result);
    await client.close();
    const evidence = await opened.case.close();
    const methods = evidence.exchanges.flatMap((e) => e.rpc.map((m) => m.method)).filter(Boolean);
    expect(methods).toEqual(expect.arrayContaining(["initialize", "notifications/initialized", "tools/list", "tools/call"]));
    expect(evidence.exchanges.every((e) => e.request_headers.authorization === "<present>" || e.http_method !== "POST")).toBe(true);
    // What crossed stdio is evidence too, in order: the Computer's side of the same messages.
    const frames = evidence.stdio_frames ?? [];
    const sent = frames.filter((f) => f.dir === "from_computer").map((f) => (f.message as { method?: string }).method);
    expect(sent).toEqual(["initialize", "notifications/initialized", "tools/list", "tools/call"]);
    const call = frames.find((f) => f.dir === "to_computer" && JSON.stringify(f.message).includes("héllo"));
    expect(call?.message).toMatchObject({ result: PLAYED.result });
    expect(evidence.exchanges.some((e) => e.path.endsWith("/stdio-frames"))).toBe(false);
  });

  it("refuses a target that is not a loopback case URL, in one line, exit 2", async () => {
    for (const target of ["http://example.com/c/x/mcp", "http://127.0.0.1:1/other", "not a url"]) {
      const failed = await promisify(execFile)(process.execPath, [MCP_STDIO_BRIDGE, target]).catch((e) => e);
      expect(failed.code).toBe(2);
      expect(failed.stderr.trim().split("\n")).toHaveLength(1);
      expect(failed.stderr).toContain("must be a case URL");
    }
  });

  it("ends when its stdin closes", async () => {
    const opened = openTransportCase(server, { transport: "streamable_http" }, "bridge-end");
    if (!opened.ok) throw new Error(opened.message);
    const child = execFile(process.execPath, [MCP_STDIO_BRIDGE, opened.call.url]);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdin?.end();
    expect(await exited).toBe(0);
    await opened.case.close();
  });
});
