/**
 * Fidelity of the config relay: each server object the Computer answers in client:get_config
 * against the server config the kit gave it (the call's `servers`, which `audit` checks against the
 * vector). The spec projects a config into MCPServerConfig (data-structures.md §MCP Server 配置结构),
 * so the given config is projected by the page's own shape, and every difference between that
 * projection and what the Agent received is a change no rule explains, except:
 * - a value the kit left to the Computer (the HTTP timeouts, terminate_on_close, the stdio encoding
 *   and its error handler): any value, so long as the required key is there;
 * - a NotRequired field left out, or given as null where the kit gave nothing;
 * - a credential the kit planted, masked or left out (computer/config-visibility/2);
 * - a bundle_id the kit did not give, derived from the name (data-structures/basemcpserverconfig/4).
 * Only servers the kit configured and the Computer answers are judged; whether a server shows at
 * all is judged by server_keys. Pure: the config and the ack are both in the record.
 */

import { pointerToken } from "../util/json-pointer.ts";
import type { Change, Fidelity } from "./tool-result-fidelity.ts";
import { structuralChanges } from "./tool-result-fidelity.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The page's type name for each transport the kit mounts over (data-structures/mcpserverconfig/1). */
const TYPE_NAMES: Readonly<Record<string, string>> = { streamable_http: "streamable", stdio: "stdio", sse: "sse" };

/** server_parameters keys whose value the kit leaves to the Computer (a default of its own), by type. */
const COMPUTER_CHOSEN: Readonly<Record<string, readonly string[]>> = {
  streamable: ["timeout", "sse_read_timeout", "terminate_on_close"],
  sse: ["timeout", "sse_read_timeout"],
  stdio: ["encoding", "encoding_error_handler"],
};

/** BaseMCPServerConfig's NotRequired fields (data-structures/basemcpserverconfig/1): absent or null when not given. */
const NOT_REQUIRED = ["default_tool_meta", "vrl"] as const;

const NOT_REQUIRED_RULE = "data-structures/basemcpserverconfig/1 (a NotRequired field, given none: absent or null)";
const TOOL_META_NULL_RULE = "data-structures.md §ToolMeta (every field NotRequired and nullable: a null says nothing was set)";
const CREDENTIAL_RULE = "computer/config-visibility/2 (a credential is never shown: masked or left out)";
const BUNDLE_ID_KEY_RULE =
  "data-structures/basemcpserverconfig/1 (bundle_id is NotRequired) and data-structures/getcomputerconfigret/2 (the servers key is the bundle_id)";
const DERIVED_ID_RULE = "data-structures/basemcpserverconfig/4 (a bundle_id not given is derived from the name)";
const EMPTY_MAP_OPEN =
  "data-structures.md §MCPServer*Parameters: headers and env are a map or null; the page does not say whether an empty map and null differ";

/** The MCPServerConfig the page makes of one server the kit configured (the call's shape). */
function projected(config: Record<string, unknown>, received: Record<string, unknown>): Record<string, unknown> {
  const type = TYPE_NAMES[String(config.type)] ?? String(config.type);
  const params = isObject(received.server_parameters) ? received.server_parameters : {};
  // What the Computer chose where the kit gave nothing: taken as received when it is there.
  const chosen = Object.fromEntries((COMPUTER_CHOSEN[type] ?? []).filter((k) => k in params).map((k) => [k, params[k]]));
  const server_parameters =
    type === "stdio"
      ? { command: config.command, args: config.args ?? [], env: config.env ?? null, cwd: config.cwd ?? null, ...chosen }
      : { url: config.url, headers: config.headers ?? null, ...chosen };
  const given: Record<string, unknown> = {
    name: config.name,
    ...(config.bundle_id !== undefined ? { bundle_id: config.bundle_id } : {}),
    type,
    disabled: config.disabled ?? false,
    forbidden_tools: config.forbidden_tools ?? [],
    tool_meta: config.tool_meta ?? {},
    server_parameters,
  };
  // Required keys the Computer left to its own default must still be there: absent, they show as removed.
  for (const k of COMPUTER_CHOSEN[type] ?? [])
    if (!(k in params)) (server_parameters as Record<string, unknown>)[k] = "(the Computer's own)";
  return given;
}

/** Why a change is allowed or open, or nothing when no rule explains it. */
function classify(
  c: Change,
  at: string,
  config: Record<string, unknown>,
  derivedId: string | undefined,
  secrets: readonly string[],
): Partial<Pick<Change, "allowed_by" | "open">> {
  const key = c.path.slice(at.length + 1);
  if ((NOT_REQUIRED as readonly string[]).includes(key) && c.kind === "added" && c.received === null)
    return { allowed_by: NOT_REQUIRED_RULE };
  if (key === "bundle_id" && c.kind === "added" && config.bundle_id === undefined && (c.received === derivedId || c.received === null))
    return { allowed_by: DERIVED_ID_RULE };
  // NotRequired: left out, the servers key still names it (data-structures/getcomputerconfigret/2).
  if (key === "bundle_id" && c.kind === "removed" && at === `/servers/${pointerToken(String(config.bundle_id))}`)
    return { allowed_by: BUNDLE_ID_KEY_RULE };
  // A ToolMeta field the kit did not set, given as null.
  if (/^tool_meta\/[^/]+\/[^/]+$/.test(key) && c.kind === "added" && c.received === null) return { allowed_by: TOOL_META_NULL_RULE };
  const inCredentials = /^server_parameters\/(headers|env)(\/|$)/.test(key);
  const carried = JSON.stringify(c.given ?? "");
  if (inCredentials && c.kind !== "added" && secrets.some((s) => carried.includes(s))) return { allowed_by: CREDENTIAL_RULE };
  if (/^server_parameters\/(headers|env)$/.test(key) && c.kind === "changed" && emptyish(c.given) && emptyish(c.received))
    return { open: EMPTY_MAP_OPEN };
  return {};
}

const emptyish = (v: unknown) => v === null || (isObject(v) && Object.keys(v).length === 0);

/** The servers of a client:get_config ack against the configs the kit gave (by bundle_id key, else by derived id or name). */
export function configFidelity(
  configured: ReadonlyArray<Record<string, unknown>>,
  received: unknown,
  derived: Readonly<Record<string, string>> | undefined,
  secrets: readonly string[],
): Fidelity {
  const servers = isObject(received) && isObject(received.servers) ? received.servers : {};
  const changes: Change[] = [];
  for (const config of configured) {
    if (config.mount_later === true) continue;
    const name = String(config.name);
    const derivedId = derived?.[name];
    const key =
      typeof config.bundle_id === "string"
        ? config.bundle_id
        : derivedId !== undefined && derivedId in servers
          ? derivedId
          : Object.keys(servers).find((k) => isObject(servers[k]) && servers[k].name === name);
    const entry = key === undefined ? undefined : servers[key];
    if (key === undefined || !isObject(entry)) continue;
    const at = `/servers/${pointerToken(key)}`;
    for (const c of structuralChanges(projected(config, entry), entry, at))
      changes.push({ ...c, ...classify(c, at, config, derivedId, secrets) });
  }
  return {
    given: configured,
    given_missing: null,
    changes,
    unexplained: changes.filter((c) => c.allowed_by === undefined && c.open === undefined).map((c) => c.path),
  };
}
