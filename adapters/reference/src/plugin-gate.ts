/**
 * The approval gate a plugin's bundled MCP server passes (runtime-contract.md §5 item 10, §2.5
 * item 3): the safety layer (Gates 1-3: deniedMcpServers, allowedMcpServers,
 * disabledMcpjsonServers) applies to every server, bundled ones included, and only denies or
 * narrows; the trust layer (Gates 4-7: trusted origin, enabledMcpjsonServers,
 * enableAllProjectMcpServers, else PENDING) is entered by a bundled server only when the
 * project scope alone supplies its plugin's enabledPlugins true; a true from a trusted scope
 * (user, local, flag, policy) mounts it without approval. The project scope never supplies a
 * trust criterion (enabledMcpjsonServers, enableAllProjectMcpServers); deny and allow lists are
 * the administrator's (policy). Lists hold bundle_ids.
 */
import { ENABLE_SCOPES, type EnabledLayers, type EnableScope } from "./plugin-activation.ts";

export type SettingsLayers = Partial<Record<EnableScope, Readonly<Record<string, unknown>>>>;
export type BundledGate = "mounted" | "denied" | "pending" | "inactive";

const POLICY_ONLY = new Set(["deniedMcpServers", "allowedMcpServers"]);
const TRUSTED_ONLY = new Set(["enabledMcpjsonServers", "enableAllProjectMcpServers"]);

/** Whether `scope` may supply `field` at all. */
function supplies(scope: EnableScope, field: string): boolean {
  if (POLICY_ONLY.has(field)) return scope === "policy";
  return !(TRUSTED_ONLY.has(field) && scope === "project");
}

/** A string list merged over the scopes (union, in scope order). */
function listOf(settings: SettingsLayers, field: string): string[] {
  const out: string[] = [];
  for (const scope of ENABLE_SCOPES) {
    const value = settings[scope]?.[field];
    if (!supplies(scope, field) || !Array.isArray(value)) continue;
    for (const item of value) if (typeof item === "string" && !out.includes(item)) out.push(item);
  }
  return out;
}

/** The highest boolean a scope may supply for `field`, or undefined. */
function flagOf(settings: SettingsLayers, field: string): boolean | undefined {
  let value: boolean | undefined;
  for (const scope of ENABLE_SCOPES) {
    const said = settings[scope]?.[field];
    if (supplies(scope, field) && typeof said === "boolean") value = said;
  }
  return value;
}

/** The scopes whose enabledPlugins true for `plugin` is in force after the tri-state merge (none: not enabled). */
function enablingScopes(settings: SettingsLayers, plugin: string): EnableScope[] {
  let scopes: EnableScope[] = [];
  for (const scope of ENABLE_SCOPES) {
    const said = (settings[scope]?.enabledPlugins as EnabledLayers[EnableScope] | undefined)?.[plugin];
    if (said === false) scopes = [];
    else if (said === true) scopes.push(scope);
  }
  return scopes;
}

export function bundledServerGate(settings: SettingsLayers, plugin: string, bundleId: string): { status: BundledGate } {
  const enabling = enablingScopes(settings, plugin);
  if (enabling.length === 0) return { status: "inactive" };
  const allowed = listOf(settings, "allowedMcpServers");
  if (
    listOf(settings, "deniedMcpServers").includes(bundleId) ||
    (allowed.length > 0 && !allowed.includes(bundleId)) ||
    listOf(settings, "disabledMcpjsonServers").includes(bundleId)
  )
    return { status: "denied" };
  if (enabling.some((scope) => scope !== "project")) return { status: "mounted" };
  const approved = listOf(settings, "enabledMcpjsonServers").includes(bundleId) || flagOf(settings, "enableAllProjectMcpServers") === true;
  return { status: approved ? "mounted" : "pending" };
}
