/**
 * Plugin activation (runtime-contract.md §2.1 plugin_enablement, §2.4, §2.5 item 3, §5 item 10):
 * installation is one global set, enablement a per-scope map id -> bool. Per plugin the scopes
 * merge from lowest to highest; true enables, false disables (and beats a lower true), anything
 * else is no opinion; with no true left the plugin is inactive. Only installed and enabled
 * projects. The scopes are the settings scopes in the page's order (embed carries servers only).
 */

export const ENABLE_SCOPES = ["user", "project", "local", "flag", "policy"] as const;
export type EnableScope = (typeof ENABLE_SCOPES)[number];
export type PluginState = "available" | "installed_disabled" | "installed_enabled";
export type EnabledLayers = Partial<Record<EnableScope, Readonly<Record<string, unknown>>>>;

export interface PluginActivation {
  /** Every plugin the input names (installed or in some scope's enabledPlugins), with its state. */
  readonly states: Record<string, PluginState>;
}

/** Whether the merged enabledPlugins value of `pluginId` over the scopes is true. */
function mergedEnabled(pluginId: string, enabled: EnabledLayers): boolean {
  let value = false;
  for (const scope of ENABLE_SCOPES) {
    const layer = enabled[scope];
    if (layer === undefined || !Object.hasOwn(layer, pluginId)) continue;
    const said = layer[pluginId];
    if (said === true || said === false) value = said;
  }
  return value;
}

export function pluginActivation(installed: readonly string[], enabled: EnabledLayers): PluginActivation {
  const ids = new Set(installed);
  for (const scope of ENABLE_SCOPES) for (const id of Object.keys(enabled[scope] ?? {})) ids.add(id);
  const installedSet = new Set(installed);
  const states: Record<string, PluginState> = {};
  for (const id of ids) {
    if (!installedSet.has(id)) states[id] = "available";
    else states[id] = mergedEnabled(id, enabled) ? "installed_enabled" : "installed_disabled";
  }
  return { states };
}
