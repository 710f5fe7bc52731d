#!/usr/bin/env node
/**
 * The kit's MCP scene server as a stdio program: a Computer under test spawns this (the command the
 * harness gives) and speaks MCP on its stdin/stdout; every JSON-RPC message is passed on unchanged to
 * the case's streamable HTTP endpoint (argv[2], loopback only) and back, with the official SDK's
 * transports on both sides. The scene (tools, results, list_changed) is the HTTP case's, so the
 * case's record holds every message the Computer sent and got, whichever transport it mounted; the
 * bridge also reports each message as it crossed stdio (the record's `stdio_frames`).
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
const started = performance.now();

// Every message as it crossed stdio goes to the case's record too (stdio-bridge.ts STDIO_FRAMES_PATH),
// in order, in batches, so the evidence shows what the Computer wrote and read, not only the HTTP leg.
const framesUrl = new URL(url.href.replace(/\/mcp$/, "/stdio-frames"));
let pending = [];
let posting = Promise.resolve();
const frame = (dir, message) => {
  pending.push({ dir, t_ms: Math.round((performance.now() - started) * 10) / 10, message });
  if (pending.length === 1) queueMicrotask(flush);
};
const flush = () => {
  if (pending.length === 0) return posting;
  const batch = pending;
  pending = [];
  posting = posting.then(() =>
    fetch(framesUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batch) }).then(
      (r) => r.arrayBuffer(),
      (error) => process.stderr.write(`mcp-stdio-bridge: frames not recorded: ${error.message}\n`),
    ),
  );
  return posting;
};
const up = new StreamableHTTPClientTransport(url, token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {});
const down = new StdioServerTransport();
/** Ids of initialize requests in flight: their result names the protocol version later requests carry as a header. */
const initializing = new Set();
let closing = false;

const FLUSH_BOUND_MS = 1_000;
const end = async (code) => {
  if (closing) return;
  closing = true;
  await Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, FLUSH_BOUND_MS))]);
  await Promise.allSettled([up.close(), down.close()]);
  process.exit(code);
};

down.onmessage = (message) => {
  frame("from_computer", message);
  if (message.method === "initialize" && message.id !== undefined) initializing.add(message.id);
  up.send(message).catch((error) => {
    // The HTTP leg refused or failed: the request gets a JSON-RPC error instead of silence.
    if (message.id === undefined || message.method === undefined) return;
    const refusal = { jsonrpc: "2.0", id: message.id, error: { code: -32603, message: `mcp-stdio-bridge: ${error.message}` } };
    frame("to_computer", refusal);
    void down.send(refusal);
  });
};
up.onmessage = (message) => {
  if (message.id !== undefined && initializing.delete(message.id) && typeof message.result?.protocolVersion === "string") {
    up.setProtocolVersion(message.result.protocolVersion);
  }
  frame("to_computer", message);
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
