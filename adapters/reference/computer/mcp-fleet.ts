/**
 * The MCP side: one official-SDK client (@modelcontextprotocol/sdk, streamable HTTP, SSE or stdio) per enabled
 * server, its tools listed at start and again on notifications/tools/list_changed. A disabled server is never started (computer.md §4.4
 * item 3). A server that cannot be reached or listed is left out, as "not available" (§4.2): the
 * Computer still comes up and serves what it has, the way a host keeps running past one bad server.
 */

import { basename, isAbsolute } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type Tool,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { ConfiguredServer } from "./server-config.ts";
import { withHttpStatusErrors } from "./upstream-failure.ts";

export interface MountedServer {
  readonly server: ConfiguredServer;
  readonly client: Client;
  /** The server's tools/list: at start, and again whenever it says its list changed. */
  tools: readonly Tool[];
  /** The MCP revision the handshake agreed, as the client hands it to an HTTP transport; null over stdio. */
  readonly revision: string | null;
}

const CLIENT_INFO = { name: "smcp-conformance-reference-computer", version: "0.4.0" };
/** A server paging without end must not hold the start. */
const MAX_PAGES = 20;

export class McpFleet {
  /** Every client made so far, connected or not, so close() reaches one still connecting. */
  private readonly clients: Client[] = [];
  /** Told after a server's tools/list_changed once its tools were listed again (the Computer re-aggregates and notifies). */
  onToolsChanged: (mounted: MountedServer) => void = () => {};
  /** Told on a server's notifications/resources/list_changed (the Computer checks its window:// set). */
  onResourcesChanged: (mounted: MountedServer) => void = () => {};
  /** Told on a server's notifications/resources/updated, with the resource's URI (a window:// one is a desktop change, a skill:// one a SKILL content change). */
  onResourceUpdated: (mounted: MountedServer, uri: string) => void = () => {};

  /** Mounts the enabled servers at once, within `budgetMs`; the mounted ones, in config order. */
  async mount(servers: readonly ConfiguredServer[], budgetMs: number): Promise<MountedServer[]> {
    const mounted = await Promise.all(servers.filter((s) => !s.disabled).map((s) => this.mountOne(s, budgetMs).catch(() => null)));
    return mounted.filter((m): m is MountedServer => m !== null);
  }

  /** Connects to one server and lists its tools within `budgetMs`; rejects with the MCP client's error when it cannot. */
  async mountOne(server: ConfiguredServer, budgetMs: number): Promise<MountedServer> {
    const deadline = performance.now() + budgetMs;
    const left = () => Math.max(1, deadline - performance.now());
    const client = new Client(CLIENT_INFO);
    this.clients.push(client);
    const transport = transportOf(server);
    let revision: string | null = null;
    const setRevision = transport.setProtocolVersion?.bind(transport);
    if (setRevision)
      transport.setProtocolVersion = (version) => {
        revision = version;
        setRevision(version);
      };
    await client.connect(transport, { timeout: left() });
    const mounted: MountedServer = { server, client, tools: await listAll(client, left), revision };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      mounted.tools = await listAll(client, () => RELIST_TIMEOUT_MS);
      this.onToolsChanged(mounted);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => this.onResourcesChanged(mounted));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (n) => this.onResourceUpdated(mounted, n.params.uri));
    return mounted;
  }

  /** Closes every client; the caller bounds the wait. */
  async close(): Promise<void> {
    await Promise.allSettled(this.clients.map((c) => c.close()));
  }
}

/**
 * The config's headers go on every request to an HTTP server, and only there (over SSE a refused
 * POST keeps its HTTP status, upstream-failure.ts); a stdio server is
 * started with its config's environment on top of the SDK's safe defaults, its stderr kept apart
 * from this adapter's stdout (the adapter protocol). Only the kit's own program is started.
 */
function transportOf(server: ConfiguredServer): Transport {
  const { entry } = server;
  if (entry.type === "stdio") {
    assertKitProgram(entry.command, entry.args);
    return new StdioClientTransport({
      command: entry.command,
      args: [...entry.args],
      env: { ...getDefaultEnvironment(), ...entry.env },
      ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
      stderr: "inherit",
    });
  }
  const requestInit = { headers: { ...entry.headers } };
  if (entry.type === "sse") return new SSEClientTransport(new URL(entry.url), { requestInit, fetch: withHttpStatusErrors() });
  return new StreamableHTTPClientTransport(new URL(entry.url), { requestInit });
}

/** The kit's stdio bridge run by node, to a loopback case URL; anything else is refused before it could start. */
function assertKitProgram(command: string, args: readonly string[]): void {
  if (!isKitBridgeCommand(command, args))
    throw new Error(`the reference Computer starts only the kit's stdio bridge, got ${JSON.stringify([command, ...args])}`);
}

/** node (absolute), the kit's mcp-stdio-bridge.mjs (absolute), a loopback case URL, and nothing more. */
export function isKitBridgeCommand(command: string, args: readonly string[]): boolean {
  const [program, target, ...rest] = args;
  return (
    isAbsolute(command) &&
    /^node(\.exe)?$/.test(basename(command)) &&
    program !== undefined &&
    isAbsolute(program) &&
    basename(program) === "mcp-stdio-bridge.mjs" &&
    /^http:\/\/127\.0\.0\.1:\d+\/c\/[^/]+\/mcp$/.test(target ?? "") &&
    rest.length === 0
  );
}

/** Listing again after list_changed gets this long. */
const RELIST_TIMEOUT_MS = 5_000;

/** Every page of the server's tools/list (none when it declared no tools capability). */
async function listAll(client: Client, left: () => number): Promise<Tool[]> {
  const tools: Tool[] = [];
  if (!client.getServerCapabilities()?.tools) return tools;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: left() });
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}
