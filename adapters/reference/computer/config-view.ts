/**
 * client:get_config (computer.md §4.1, data-structures.md §GetComputerConfigRet): every configured
 * server, disabled ones too (being disabled is part of the config an Agent may see), keyed by its
 * resolved bundle_id, and the inputs (this call defines none).
 *
 * Secrets stay out by construction, not by filtering: the projection is built field by field from
 * what an Agent may see, and `headers` / `env`, the fields that can hold a credential, are always
 * null. Their values exist only in the MCP client's request headers or the spawned server's
 * environment (mcp-fleet.ts). Header names are left
 * out too: the config model allows null, and an Agent has no use for them.
 */
import type { JsonObject } from "../src/index.ts";
import type { ConfiguredServer } from "./server-config.ts";

/**
 * The transport fields this Computer runs with: the TS MCP client's request timeout (60 s); no SSE
 * read limit of its own, stated as the 5 minutes the MCP SDKs default to; no session DELETE on close.
 */
const PARAMETERS = { timeout: "PT60S", sse_read_timeout: "PT300S", terminate_on_close: false } as const;

/** A stdio server's fixed fields: the bridge speaks UTF-8, and this Computer's client decodes strictly. */
const STDIO_PARAMETERS = { encoding: "utf-8", encoding_error_handler: "strict" } as const;

/**
 * The connection part an Agent may see: for stdio the command and its arguments, never the
 * environment (computer.md §4.1: no environment variable's actual value), so `env` is null.
 */
function connectionOf(s: ConfiguredServer): JsonObject {
  if (s.entry.type === "stdio")
    return {
      type: "stdio",
      server_parameters: { command: s.entry.command, args: [...s.entry.args], env: null, cwd: s.entry.cwd ?? null, ...STDIO_PARAMETERS },
    };
  return { type: "streamable", server_parameters: { url: s.entry.url, headers: null, ...PARAMETERS } };
}

export function computerConfig(servers: readonly ConfiguredServer[]): { servers: Record<string, JsonObject>; inputs: JsonObject[] } {
  const entries = servers.map((s): [string, JsonObject] => {
    const { type, server_parameters } = connectionOf(s);
    return [
      s.bundleId,
      {
        name: s.entry.name,
        bundle_id: s.bundleId,
        type: type ?? null,
        disabled: s.disabled,
        forbidden_tools: [...s.forbiddenTools],
        tool_meta: { ...s.toolMeta },
        default_tool_meta: null,
        vrl: null,
        server_parameters: server_parameters ?? null,
      },
    ];
  });
  return { servers: Object.fromEntries(entries), inputs: [] };
}
