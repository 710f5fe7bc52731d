// A bare JSON-RPC POST to a live case, for tests that flood or inspect the scene server directly
// (no MCP client in between): the status code only, the response body drained.
import { request } from "node:http";

export const JSON_RPC_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
} as const;

/** A tools/call of the inventory tool; `extra` goes into its arguments. */
export const inventoryCall = (id: number, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "get_inventory", arguments: { sku: "DEMO-001", ...extra } },
});

export function post(url: string, body: string, headers: Record<string, string> = JSON_RPC_HEADERS): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}
