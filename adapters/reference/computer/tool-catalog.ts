/**
 * The ExposedToolMapping and the SMCPTool list built from it (data-structures.md §SMCPTool,
 * §ExposedToolMapping, §ToolMeta 三层合并规则): one table, so get_tools shows exactly what
 * tool_call routes. Names and metas come from the reference library; only the assembly is here.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { exposedToolName, type JsonObject, reconcileToolMeta } from "../src/index.ts";
import type { MountedServer } from "./mcp-fleet.ts";
import { wireMeta } from "./tool-meta-wire.ts";

export interface SmcpTool {
  readonly name: string;
  readonly bundle_id: string;
  readonly description: string;
  readonly params_schema: JsonObject;
  readonly return_schema: JsonObject | null;
  readonly meta: JsonObject;
}

export interface ToolRoute {
  readonly mounted: MountedServer;
  readonly tool: string;
}

export interface ToolCatalog {
  readonly tools: readonly SmcpTool[];
  readonly routes: ReadonlyMap<string, ToolRoute>;
}

export function buildCatalog(servers: readonly MountedServer[]): ToolCatalog {
  const tools: SmcpTool[] = [];
  const routes = new Map<string, ToolRoute>();
  for (const mounted of servers) {
    const { bundleId, forbiddenTools, toolMeta } = mounted.server;
    for (const tool of mounted.tools) {
      // No default_tool_meta in the call: the config layers are tool_meta[tool] alone.
      const { meta } = reconcileToolMeta(tool._meta as JsonObject | undefined, null, toolMeta[tool.name] ?? null);
      const name = exposedToolName(bundleId, tool.name, aliasOf(meta));
      // forbidden_tools may name the original or the exposed name (§长度与 provider 适配, last note);
      // a second tool aliased onto a taken name is a config diagnostic, so the first one keeps it.
      if (forbiddenTools.includes(tool.name) || forbiddenTools.includes(name) || routes.has(name)) continue;
      routes.set(name, { mounted, tool: tool.name });
      tools.push(smcpTool(tool, name, bundleId, meta));
    }
  }
  return { tools, routes };
}

/** The alias of the reconciled ToolMeta (only the config layers can set one). */
function aliasOf(meta: JsonObject): string | null {
  const a2c = meta["a2c_tool_meta"];
  const alias = a2c !== null && typeof a2c === "object" && !Array.isArray(a2c) ? a2c["alias"] : null;
  return typeof alias === "string" ? alias : null;
}

function smcpTool(tool: Tool, name: string, bundleId: string, meta: JsonObject): SmcpTool {
  // MCP_TOOL_ANNOTATION: the MCP tool annotations, a key the Computer writes (§meta 的命名空间结构).
  const withAnnotations = tool.annotations ? { ...meta, MCP_TOOL_ANNOTATION: tool.annotations as JsonObject } : meta;
  return {
    name,
    bundle_id: bundleId,
    description: tool.description ?? "",
    params_schema: tool.inputSchema as JsonObject,
    return_schema: (tool.outputSchema as JsonObject | undefined) ?? null,
    meta: wireMeta(withAnnotations),
  };
}
