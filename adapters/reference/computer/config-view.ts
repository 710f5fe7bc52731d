/**
 * client:get_config (computer.md §4.1, data-structures.md §GetComputerConfigRet): every configured
 * server, disabled ones too (being disabled is part of the config an Agent may see), keyed by its
 * resolved bundle_id, and the inputs (this call defines none).
 *
 * Secrets stay out by construction, not by filtering: the projection is built field by field from
 * what an Agent may see, and `headers`, the one field that can hold a credential, is always null.
 * Its values exist only in the MCP client's request headers (mcp-fleet.ts). Header names are left
 * out too: the config model allows null, and an Agent has no use for them.
 */
import type { JsonObject } from "../src/index.ts";
import type { ConfiguredServer } from "./server-config.ts";

/**
 * The transport fields this Computer runs with: the TS MCP client's request timeout (60 s); no SSE
 * read limit of its own, stated as the 5 minutes the MCP SDKs default to; no session DELETE on close.
 */
const PARAMETERS = { timeout: "PT60S", sse_read_timeout: "PT300S", terminate_on_close: false } as const;

export function computerConfig(servers: readonly ConfiguredServer[]): { servers: Record<string, JsonObject>; inputs: JsonObject[] } {
  const entries = servers.map((s): [string, JsonObject] => [
    s.bundleId,
    {
      name: s.entry.name,
      bundle_id: s.bundleId,
      type: "streamable",
      disabled: s.disabled,
      forbidden_tools: [...s.forbiddenTools],
      tool_meta: { ...s.toolMeta },
      default_tool_meta: null,
      vrl: null,
      server_parameters: { url: s.entry.url, headers: null, ...PARAMETERS },
    },
  ]);
  return { servers: Object.fromEntries(entries), inputs: [] };
}
