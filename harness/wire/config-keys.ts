import { pointerToken } from "../util/json-pointer.ts";

/**
 * The keys a client:get_config answer may hold, and those it holds beyond them. The key sets are
 * data-structures.md's, written out once here: §GetComputerConfigRet (inputs, servers), §MCP Server
 * 配置结构 (BaseMCPServerConfig's fields, each config type's `type` and `server_parameters`, and the
 * fields of that type's parameters: MCPServerStdioParameters, MCPServerStreamableHttpParameters,
 * MCPSSEParameters). Every field there counts, required or NotRequired: an optional field present is
 * the config, not a diagnostic. A key outside them is what the conformance page's §4.1 calls an
 * unknown management diagnostic (a running status, a connection flag; runtime-contract.md §6). Pure.
 */

/** GetComputerConfigRet's fields. */
const RET_KEYS: ReadonlySet<string> = new Set(["inputs", "servers"]);

/** BaseMCPServerConfig's fields and the two every config type adds (type, server_parameters). */
const SERVER_KEYS: ReadonlySet<string> = new Set([
  "name",
  "bundle_id",
  "disabled",
  "forbidden_tools",
  "tool_meta",
  "default_tool_meta",
  "vrl",
  "type",
  "server_parameters",
]);

/** Each config type's server_parameters fields, by its `type` literal. */
const PARAMETER_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  stdio: new Set(["command", "args", "env", "cwd", "encoding", "encoding_error_handler"]),
  streamable: new Set(["url", "headers", "timeout", "sse_read_timeout", "terminate_on_close"]),
  sse: new Set(["url", "headers", "timeout", "sse_read_timeout"]),
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Every key of a GetComputerConfigRet beyond data-structures.md's key set, as a JSON pointer
 * (`/<field>`, `/servers/<key>/<field>`, `/servers/<key>/server_parameters/<field>`), sorted. A
 * server object whose `type` is none of the three has its own fields checked, not its parameters
 * (which set would apply is unknown; the model check judges the type). Not an object: nothing.
 */
export function configExtraKeys(answer: unknown): string[] {
  if (!isObject(answer)) return [];
  const extra = (obj: Record<string, unknown>, allowed: ReadonlySet<string>, at: string) =>
    Object.keys(obj)
      .filter((k) => !allowed.has(k))
      .map((k) => `${at}/${pointerToken(k)}`);
  const found = extra(answer, RET_KEYS, "");
  if (isObject(answer.servers))
    for (const [key, server] of Object.entries(answer.servers)) {
      if (!isObject(server)) continue;
      const at = `/servers/${pointerToken(key)}`;
      found.push(...extra(server, SERVER_KEYS, at));
      const params =
        typeof server.type === "string" && Object.hasOwn(PARAMETER_KEYS, server.type) ? PARAMETER_KEYS[server.type] : undefined;
      if (params && isObject(server.server_parameters)) found.push(...extra(server.server_parameters, params, `${at}/server_parameters`));
    }
  return found.sort();
}
