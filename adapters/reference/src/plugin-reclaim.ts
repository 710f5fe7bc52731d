/**
 * The reclaim test of runtime-contract.md §4.9.1 item 2: when plugin P is disabled or uninstalled,
 * each bundle_id X it declares as an MCP dependency is reclaimed exactly when no other plugin
 * declares X and no entry for X in the origin-tagged runtime config set has an origin other than
 * plugin. The non-plugin origins are the declaration sources of §2.5 items 3 and 5: user,
 * project, local, embed (host constructor arguments), flag (--mcp-config) and policy; an entry's
 * identity is its bundle_id, explicit or derived from its name.
 */
import { resolveBundleId } from "./bundle-id.ts";
import type { ServerConfigLike } from "./types.ts";
import { compareCodePoints } from "./unicode.ts";

export const DECLARATION_SOURCES = ["user", "project", "local", "embed", "flag", "policy"] as const;
export type DeclarationSource = (typeof DECLARATION_SOURCES)[number];
export type Declarations = Partial<Record<DeclarationSource, readonly ServerConfigLike[]>>;

export interface Reclaim {
  /** The bundle_ids to stop and unmount, by code point. */
  readonly reclaimed: string[];
}

/** The bundle_ids some non-plugin source declares. */
function nonPluginBundleIds(declared: Declarations): Set<string> {
  const ids = new Set<string>();
  for (const source of DECLARATION_SOURCES) for (const config of declared[source] ?? []) ids.add(resolveBundleId(config));
  return ids;
}

export function reclaimOnRemoval(plugin: string, ledger: Readonly<Record<string, readonly string[]>>, declared: Declarations): Reclaim {
  const others = new Set<string>();
  for (const [id, deps] of Object.entries(ledger)) if (id !== plugin) for (const dep of deps) others.add(dep);
  const userDeclared = nonPluginBundleIds(declared);
  const own = new Set(Object.hasOwn(ledger, plugin) ? ledger[plugin] : []);
  const reclaimed = [...own].filter((dep) => !others.has(dep) && !userDeclared.has(dep));
  return { reclaimed: reclaimed.sort(compareCodePoints) };
}
