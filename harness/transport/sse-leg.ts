/**
 * The SSE transport from the 1.x SDK (`sse`): GET `/sse` opens the event stream and names the
 * message endpoint (`/c/<id>/messages?sessionId=…`); POSTed messages are answered 202 and their
 * replies travel on the stream. The v2 server has no SSE transport.
 */
import type { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { inventoryServerV1 } from "./inventory-tool.ts";
import { bodyForSdk, type Leg, type LegHooks } from "./leg.ts";
import type { SdkModules } from "./sdk-modules.ts";

/** The SSE leg under `prefix`: one 1.x server and transport per GET stream, found again by sessionId. */
export function sseLeg(prefix: string, sdk: SdkModules, hooks: LegHooks): Leg {
  const streams = new Map<string, SSEServerTransport>();
  const servers = new Set<ReturnType<typeof inventoryServerV1>>();
  return {
    serves: (method, subpath) => (method === "GET" && subpath === "/sse") || (method === "POST" && subpath === "/messages"),
    async serve(request) {
      if (request.subpath === "/sse") {
        const transport = new sdk.v1Sse.SSEServerTransport(`${prefix}/messages`, request.res);
        streams.set(transport.sessionId, transport);
        const server = inventoryServerV1(sdk, hooks.onRun);
        servers.add(server);
        server.server.onerror = hooks.onError;
        server.server.onclose = () => {
          streams.delete(transport.sessionId);
          servers.delete(server);
        };
        await server.connect(transport); // writes the stream's headers and its `endpoint` event
        return;
      }
      const transport = streams.get(request.query.get("sessionId") ?? "");
      if (!transport) {
        request.answeredByHarness();
        request.res.writeHead(404, { "content-type": "text/plain" }).end("no such SSE session");
        return;
      }
      await transport.handlePostMessage(request.req, request.res, bodyForSdk(request));
    },
    async close() {
      for (const server of [...servers]) await server.close().catch(() => undefined);
      servers.clear();
      streams.clear();
    },
  };
}
