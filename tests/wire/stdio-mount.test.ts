// A Computer scene over stdio: the call gives the kit's bridge command (never a vector's), a planted
// credential rides in the stdio config's env, `audit` rebuilds the same call from the evidence, and
// a server whose vector is about HTTP stays on HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_STDIO_BRIDGE, type SceneServer, STDIO_TOKEN_ENV, startSceneServer } from "../../harness/transport/index.ts";
import { computerCallOf, computerLocationOf, mountsOverStdio, openComputerCase } from "../../harness/wire/index.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

describe("mounting a scene's MCP servers over stdio", () => {
  it("gives node and the kit's bridge to the case URL, the credential in env, and records the command", async () => {
    const opened = await openComputerCase(
      mcp,
      { servers: [{ name: "inventory", bundle_id: "inv", credential: true }], script: [], time_box_ms: 1000 },
      "stdio",
      "stdio",
    );
    if (!opened.ok) throw new Error(opened.message);
    const [server] = opened.call.servers as Record<string, unknown>[];
    const evidence = await opened.case.close();
    expect(server).toMatchObject({ name: "inventory", type: "stdio", command: process.execPath, bundle_id: "inv" });
    expect(server?.args).toEqual([MCP_STDIO_BRIDGE, evidence.mcp.inventory?.url]);
    expect(server?.env).toEqual({ [STDIO_TOKEN_ENV]: evidence.planted_secrets[0] });
    expect(server).not.toHaveProperty("url");
    expect(server).not.toHaveProperty("headers");
    expect(evidence.mcp_stdio?.inventory).toEqual({ command: process.execPath, args: server?.args });
    // audit's view: the call rebuilt from the vector and the record alone is the one the adapter got.
    expect(computerCallOf(opened.spec, computerLocationOf(evidence))).toEqual(opened.call);
  });

  it("keeps on HTTP the servers the run did not ask for, and those whose vector is about HTTP", async () => {
    expect(mountsOverStdio({ name: "a" }, "streamable_http")).toBe(false);
    expect(mountsOverStdio({ name: "a" }, "stdio")).toBe(true);
    expect(mountsOverStdio({ name: "a", server_mode: "legacy_sessionful" }, "stdio")).toBe(true);
    expect(mountsOverStdio({ name: "a", server_mode: "sse" } as never, "stdio")).toBe(false);
    expect(mountsOverStdio({ name: "a", scene: { answer: "status", status: 401 } }, "stdio")).toBe(false);
    const opened = await openComputerCase(
      mcp,
      { servers: [{ name: "plain" }, { name: "scripted", scene: { answer: "status", status: 500, on: ["tools/call"] } }], script: [] },
      "mixed",
      "stdio",
    );
    if (!opened.ok) throw new Error(opened.message);
    const evidence = await opened.case.close();
    expect(opened.call.servers.map((s) => s.type)).toEqual(["stdio", "streamable_http"]);
    expect(Object.keys(evidence.mcp_stdio ?? {})).toEqual(["plain"]);
  });

  it("an HTTP run records no stdio mount", async () => {
    const opened = await openComputerCase(mcp, { script: [], time_box_ms: 1000 }, "http");
    if (!opened.ok) throw new Error(opened.message);
    const evidence = await opened.case.close();
    expect(opened.call.servers[0]).toMatchObject({ type: "streamable_http" });
    expect(evidence).not.toHaveProperty("mcp_stdio");
  });
});
