/**
 * The call's server entries as the protocol's MCPServerStreamableHttpConfig, MCPServerSseConfig or MCPServerStdioConfig
 * (data-structures.md §MCP Server 配置结构), each with its resolved bundle_id, after no-double-open (§去重：no-double-open):
 * of several entries resolving to one bundle_id only the first in config order is kept; the others
 * would be a local config diagnostic, which this Computer has no place to show, so they just drop.
 */
import { type JsonObject, resolveBundleId, type ServerConfigLike } from "../src/index.ts";
import type { WireHttpServer, WireServer } from "./wire-call.ts";

/** A server reached over the SSE transport: only transport.call_tool mounts one (wire.computer's servers are streamable HTTP or stdio). */
export type SseServer = Omit<WireHttpServer, "type"> & { readonly type: "sse" };

/** One server entry, as the Computer mounts it. */
export type ServerEntry = WireServer | SseServer;

export interface ConfiguredServer {
  readonly entry: ServerEntry;
  readonly bundleId: string;
  readonly disabled: boolean;
  readonly forbiddenTools: readonly string[];
  readonly toolMeta: Readonly<Record<string, JsonObject>>;
}

/**
 * The raw config in the protocol's shape, headers included: bundle_id derivation hashes the
 * connection identity, headers among it (data-structures.md §connection-identity). Never sent.
 */
function rawConfig(entry: ServerEntry): ServerConfigLike {
  const base = { name: entry.name, bundle_id: entry.bundle_id ?? null };
  if (entry.type === "stdio")
    return { ...base, type: "stdio", server_parameters: { command: entry.command, args: [...entry.args], env: entry.env ?? null } };
  const type = entry.type === "sse" ? "sse" : "streamable";
  return { ...base, type, server_parameters: { url: entry.url, headers: entry.headers ?? null } };
}

export function configureServers(entries: readonly ServerEntry[]): ConfiguredServer[] {
  const seen = new Set<string>();
  const configured: ConfiguredServer[] = [];
  for (const entry of entries) {
    const bundleId = resolveBundleId(rawConfig(entry));
    if (seen.has(bundleId)) continue;
    seen.add(bundleId);
    configured.push({
      entry,
      bundleId,
      disabled: entry.disabled === true,
      forbiddenTools: entry.forbidden_tools ?? [],
      toolMeta: entry.tool_meta ?? {},
    });
  }
  return configured;
}
