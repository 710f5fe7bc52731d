#!/usr/bin/env node
/**
 * The kit's MCP scene server as a stdio program: a Computer under test spawns this (the command the
 * harness gives) and speaks MCP on its stdin/stdout; every JSON-RPC message is passed on unchanged to
 * the case's streamable HTTP endpoint (argv[2], loopback only) and back, with the official SDK's
 * transports on both sides. The scene (tools, results, list_changed) is the HTTP case's, so the
 * case's record holds every message the Computer sent and got, whichever transport it mounted.
 *
 * Plain JavaScript on purpose: the SDK's stdio client starts it with node alone, no loader.
 * Environment: SMCP_KIT_MCP_TOKEN, when set, goes out as `Authorization: Bearer …` (the planted
 * credential of a stdio config lives in its env, where a real one would).
 */
const EXIT_BAD_USAGE = 2;
const target = process.argv[2] ?? "";
let url;
try {
  url = new URL(target);
} catch {
  url = undefined;
}
if (!url || url.protocol !== "http:" || url.hostname !== "127.0.0.1" || !/^\/c\/[^/]+\/mcp$/.test(url.pathname)) {
  process.stderr.write(`mcp-stdio-bridge: the target must be a case URL http://127.0.0.1:<port>/c/<id>/mcp, got ${JSON.stringify(target)}\n`);
  process.exit(EXIT_BAD_USAGE);
}

// The SDK is loaded only once the target is known good: a refusal costs no import.
const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
const token = process.env.SMCP_KIT_MCP_TOKEN;
const up = new StreamableHTTPClientTransport(url, token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {});
const down = new StdioServerTransport();
/** Ids of initialize requests in flight: their result names the protocol version later requests carry as a header. */
const initializing = new Set();
let closing = false;

const end = async (code) => {
  if (closing) return;
  closing = true;
  await Promise.allSettled([up.close(), down.close()]);
  process.exit(code);
};

down.onmessage = (message) => {
  if (message.method === "initialize" && message.id !== undefined) initializing.add(message.id);
  up.send(message).catch((error) => {
    // The HTTP leg refused or failed: the request gets a JSON-RPC error instead of silence.
    if (message.id === undefined || message.method === undefined) return;
    void down.send({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: `mcp-stdio-bridge: ${error.message}` } });
  });
};
up.onmessage = (message) => {
  if (message.id !== undefined && initializing.delete(message.id) && typeof message.result?.protocolVersion === "string") {
    up.setProtocolVersion(message.result.protocolVersion);
  }
  void down.send(message);
};
up.onerror = (error) => process.stderr.write(`mcp-stdio-bridge: HTTP leg: ${error.message}\n`);
down.onerror = (error) => process.stderr.write(`mcp-stdio-bridge: stdio leg: ${error.message}\n`);
// The Computer closing our stdin (or dying) ends the bridge: nothing may outlive its client.
process.stdin.on("end", () => void end(0));
process.stdin.on("close", () => void end(0));
process.on("SIGTERM", () => void end(0));

await up.start();
await down.start();
