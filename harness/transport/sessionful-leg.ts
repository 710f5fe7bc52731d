/**
 * Sessionful 2025-era streamable HTTP (`legacy_sessionful`): a v2 Node transport per session,
 * created by `initialize` and named by mcp-session-id on every later request, as most deployed
 * 2025 servers run.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { addNotesResource, addOrdersWindow, addPriceTool, inventoryFactory, markWindowUpdated, WINDOW_URI } from "./inventory-tool.ts";
import { addLateSkill, dropKitSkill, markKitSkillUpdated, updateKitSkill } from "./kit-skill.ts";
import { bodyForSdk, type Leg, type LegHooks } from "./leg.ts";
import type { SdkModules } from "./sdk-modules.ts";

/**
 * How long a scene change waits for the open sessions' notification streams: well past the slowest
 * client measured (a stdio bridge started on a loaded machine opens its stream within a second or
 * two of initialize); a stream not open by then is told nothing, as a real server would tell it.
 */
export const STREAM_WAIT_MS = 5_000;
const STREAM_POLL_MS = 25;

/** The sessionful leg: sessions by id, each closed with the case. */
export function sessionfulLeg(sdk: SdkModules, hooks: LegHooks): Leg {
  const factory = inventoryFactory(sdk, hooks.onRun, hooks);
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const all = new Set<NodeStreamableHTTPServerTransport>();
  /** The server instance behind each kept session: a scene change (addTool) reaches their clients. */
  const servers = new Map<NodeStreamableHTTPServerTransport, Awaited<ReturnType<typeof factory>>>();
  type Server = Awaited<ReturnType<typeof factory>>;
  /**
   * Each scene change as it reaches one server instance, in the order a session opened after the
   * changes replays them. Each is made once per case; a later session gets every change made so far.
   */
  const CHANGES = {
    tool: (server: Server) => addPriceTool(sdk, server, "legacy", hooks.onRun),
    window: addOrdersWindow,
    skill: addLateSkill,
    skill_updated: markKitSkillUpdated,
    note: addNotesResource,
    skill_dropped: dropKitSkill,
    window_updated: markWindowUpdated,
  } as const satisfies Record<string, (server: Server) => void>;
  type Change = keyof typeof CHANGES;
  const made = new Set<Change>();
  /** Sessions whose client holds its notification stream (the GET) open: a change is told only there. */
  const listening = new Set<string>();
  /** Sessions that ever opened their notification stream: its close is then the client's end of the session. */
  const streamed = new Set<string>();

  /**
   * Waits, at most STREAM_WAIT_MS, until every open session's client holds its notification stream:
   * a client opens it only after initialize, on its own time (a stdio bridge later still), and a
   * list_changed sent before that reaches nobody. The scene then tells the change on evidence.
   */
  async function streamsOpen(): Promise<void> {
    const deadline = performance.now() + STREAM_WAIT_MS;
    while ([...sessions.keys()].some((id) => !listening.has(id)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, STREAM_POLL_MS));
  }

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
    for (const [change, apply] of Object.entries(CHANGES)) if (made.has(change as Change)) apply(server);
    await server.connect(transport);
    if (keep) servers.set(transport, server);
    return transport;
  }

  /** A scene change reaching every open session's server (later sessions get it in `connected`); how many were open. */
  function changeOpenSessions(apply: (server: Server) => void): number {
    const open = [...sessions.values()];
    for (const transport of open) {
      const server = servers.get(transport);
      if (server) apply(server);
    }
    return open.length;
  }

  /** Makes a change once the open sessions listen: 0 when it was made before, else how many sessions it reached. */
  async function changeOnce(change: Change, apply: (server: Server) => void = CHANGES[change]): Promise<number> {
    if (made.has(change)) return 0;
    await streamsOpen();
    made.add(change);
    return changeOpenSessions(apply);
  }

  return {
    serves: (_method, subpath) => subpath === "/mcp",
    async serve(request) {
      const sid = request.req.headers["mcp-session-id"];
      const known = typeof sid === "string" ? sessions.get(sid) : undefined;
      if (known && request.req.method === "GET") {
        const id = sid as string;
        listening.add(id);
        streamed.add(id);
        request.res.once("close", () => listening.delete(id));
      }
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
    addTool: () => changeOnce("tool"),
    addWindow: () => changeOnce("window"),
    addSkill: () => changeOnce("skill"),
    async updateSkill() {
      if (made.has("skill_updated")) return 0;
      await streamsOpen();
      made.add("skill_updated");
      const open = [...sessions.values()].flatMap((t) => servers.get(t) ?? []);
      await Promise.all(open.map((server) => updateKitSkill(server).catch(hooks.onError)));
      return open.length;
    },
    addNote: () => changeOnce("note"),
    dropSkill: () => changeOnce("skill_dropped"),
    // Not once: each call tells the sessions again that the window changed.
    async updateWindow() {
      await streamsOpen();
      made.add("window_updated");
      return changeOpenSessions((server) => {
        markWindowUpdated(server);
        void (server as InstanceType<SdkModules["server"]["McpServer"]>).server
          .sendResourceUpdated({ uri: WINDOW_URI })
          .catch(hooks.onError);
      });
    },
    openSessions() {
      return [...sessions.keys()].filter((id) => listening.has(id) || !streamed.has(id)).length;
    },
    async touchResource(uri: string) {
      await streamsOpen();
      // Sent whether or not the client subscribed: the scene says the resource changed, as the vector asks.
      return changeOpenSessions(
        (server) =>
          void (server as InstanceType<SdkModules["server"]["McpServer"]>).server.sendResourceUpdated({ uri }).catch(hooks.onError),
      );
    },
  };
}
