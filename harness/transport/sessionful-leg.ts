/**
 * Sessionful 2025-era streamable HTTP (`legacy_sessionful`): a v2 Node transport per session,
 * created by `initialize` and named by mcp-session-id on every later request, as most deployed
 * 2025 servers run.
 */
import { randomUUID } from "node:crypto";
import type { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { addOrdersWindow, addPriceTool, inventoryFactory } from "./inventory-tool.ts";
import { bodyForSdk, type Leg, type LegHooks } from "./leg.ts";
import type { SdkModules } from "./sdk-modules.ts";

/** The sessionful leg: sessions by id, each closed with the case. */
export function sessionfulLeg(sdk: SdkModules, hooks: LegHooks): Leg {
  const factory = inventoryFactory(sdk, hooks.onRun, {
    window: hooks.window ?? false,
    skills: hooks.skills ?? false,
    images: hooks.images ?? false,
    played_tools: hooks.played_tools ?? [],
  });
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const all = new Set<NodeStreamableHTTPServerTransport>();
  /** The server instance behind each kept session: a scene change (addTool) reaches their clients. */
  const servers = new Map<NodeStreamableHTTPServerTransport, Awaited<ReturnType<typeof factory>>>();
  let priceTool = false;
  let ordersWindow = false;

  /** A transport connected to a fresh server instance; `keep` registers it under its session id once initialized. */
  async function connected(keep: boolean): Promise<NodeStreamableHTTPServerTransport> {
    const transport: NodeStreamableHTTPServerTransport = new sdk.node.NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      ...(keep
        ? {
            onsessioninitialized: (id: string) => void sessions.set(id, transport),
            onsessionclosed: (id: string) => void sessions.delete(id),
          }
        : {}),
    });
    transport.onerror = hooks.onError;
    all.add(transport);
    const server = await factory({ era: "legacy" });
    if (priceTool) addPriceTool(sdk, server, "legacy", hooks.onRun);
    if (ordersWindow) addOrdersWindow(server);
    await server.connect(transport);
    if (keep) servers.set(transport, server);
    return transport;
  }

  /** A scene change reaching every open session's server (later sessions get it in `connected`); how many were open. */
  function changeOpenSessions(apply: (server: Awaited<ReturnType<typeof factory>>) => void): number {
    const open = [...sessions.values()];
    for (const transport of open) {
      const server = servers.get(transport);
      if (server) apply(server);
    }
    return open.length;
  }

  return {
    serves: (_method, subpath) => subpath === "/mcp",
    async serve(request) {
      const sid = request.req.headers["mcp-session-id"];
      const known = typeof sid === "string" ? sessions.get(sid) : undefined;
      if (known) return known.handleRequest(request.req, request.res, bodyForSdk(request));
      const opens = request.req.method === "POST" && request.rpc.some((m) => m.method === "initialize");
      // Without a known session a throwaway transport gives the SDK's own refusal (400 / 404).
      const transport = await connected(opens);
      await transport.handleRequest(request.req, request.res, bodyForSdk(request));
      if (!opens) {
        all.delete(transport);
        await transport.close();
      }
    },
    async close() {
      for (const transport of all) await transport.close().catch(() => undefined);
      all.clear();
      sessions.clear();
      servers.clear();
    },
    async addTool() {
      if (priceTool) return 0;
      priceTool = true;
      return changeOpenSessions((server) => addPriceTool(sdk, server, "legacy", hooks.onRun));
    },
    async addWindow() {
      if (ordersWindow) return 0;
      ordersWindow = true;
      return changeOpenSessions(addOrdersWindow);
    },
  };
}
