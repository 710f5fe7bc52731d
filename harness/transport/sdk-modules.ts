/**
 * The pinned MCP SDK packages, loaded on first use: a run without transport cases never loads
 * them, and a failed load becomes a typed fault instead of breaking the import of the harness.
 */
import { TransportError } from "./errors.ts";

export interface SdkModules {
  /** v2 server: McpServer, createMcpHandler, legacyStatelessFallback. */
  readonly server: typeof import("@modelcontextprotocol/server");
  /** v2 Node glue: toNodeHandler, NodeStreamableHTTPServerTransport. */
  readonly node: typeof import("@modelcontextprotocol/node");
  /** 1.x McpServer, for the SSE leg (the v2 server has no SSE transport). */
  readonly v1Mcp: typeof import("@modelcontextprotocol/sdk/server/mcp.js");
  readonly v1Sse: typeof import("@modelcontextprotocol/sdk/server/sse.js");
  readonly zod: typeof import("zod");
}

let loading: Promise<SdkModules> | undefined;

/** Loads the SDK modules once per process; a failure is a transport.start_failed, and the next call tries again. */
export function loadSdk(): Promise<SdkModules> {
  loading ??= Promise.all([
    import("@modelcontextprotocol/server"),
    import("@modelcontextprotocol/node"),
    import("@modelcontextprotocol/sdk/server/mcp.js"),
    import("@modelcontextprotocol/sdk/server/sse.js"),
    import("zod"),
  ]).then(
    ([server, node, v1Mcp, v1Sse, zod]) => ({ server, node, v1Mcp, v1Sse, zod }),
    (cause: unknown) => {
      loading = undefined;
      throw new TransportError("transport.start_failed", "the MCP SDK packages could not be loaded", { cause });
    },
  );
  return loading;
}
