/**
 * A marketplace repository as a Computer reads it (runtime-contract §5; the layout is the
 * marketplace convention the spec defers to): `.tfrobot-plugin/marketplace.json` lists the plugins,
 * each `{name, source}` with `source` a path inside the repository; a plugin's SKILLs are
 * `skills/<skill>/SKILL.md` (registered as `<plugin>:<skill>`, skill.md §1.4) and its bundled MCP
 * servers its `mcp-servers/` files (seeds/002 §1), known by bundle_id (§2.5: identity is bundle_id).
 */
import { resolveBundleId } from "./bundle-id.ts";
import { checkPluginLayout } from "./plugin-layout.ts";
import { skillTags } from "./skill-tags.ts";
import { isPlainObject, type ServerConfigLike } from "./types.ts";

export const MARKETPLACE_MANIFEST = ".tfrobot-plugin/marketplace.json";

export interface MarketplacePlugin {
  /** The names its SKILLs register under, `<plugin>:<skill>`, sorted. */
  readonly skills: readonly string[];
  /** The bundle_ids of its bundled servers, in file order. */
  readonly servers: readonly string[];
}

/** The plugins of a repository by name, or undefined when it has no readable manifest. */
export function readMarketplace(files: Readonly<Record<string, string>>): ReadonlyMap<string, MarketplacePlugin> | undefined {
  const manifest = parseJson(files[MARKETPLACE_MANIFEST]);
  if (!isPlainObject(manifest) || !Array.isArray(manifest["plugins"])) return undefined;
  const plugins = new Map<string, MarketplacePlugin>();
  for (const entry of manifest["plugins"]) {
    if (!isPlainObject(entry) || typeof entry["name"] !== "string" || typeof entry["source"] !== "string") continue;
    const plugin = readPlugin(entry["name"], filesUnder(files, entry["source"]));
    if (plugin !== undefined) plugins.set(entry["name"], plugin);
  }
  return plugins;
}

/** A plugin whose bundled server files cannot all be read has no materialisation (§2.4 last note). */
function readPlugin(name: string, files: Readonly<Record<string, string>>): MarketplacePlugin | undefined {
  const skills = Object.keys(files)
    .map((path) => /^skills\/([^/]+)\/SKILL\.md$/.exec(path))
    .filter((m): m is RegExpExecArray => m !== null && skillTags(files[m[0]]!).registered)
    .map((m) => `${name}:${m[1]}`)
    .sort();
  const hasServers = Object.keys(files).some((path) => path.startsWith("mcp-servers/"));
  if (!hasServers) return { skills, servers: [] };
  const layout = checkPluginLayout(files);
  if (!layout.accepted) return undefined;
  const servers = layout.servers.map((stem) => resolveBundleId(parseJson(files[`mcp-servers/${stem}.json`]) as ServerConfigLike));
  return { skills, servers };
}

/** The files below `source` (a repository path such as `./plugins/audit`), keyed relative to it. */
function filesUnder(files: Readonly<Record<string, string>>, source: string): Record<string, string> {
  const root = source.replace(/^\.\//, "").replace(/\/+$/, "");
  const prefix = root === "" || root === "." ? "" : `${root}/`;
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) if (path.startsWith(prefix)) out[path.slice(prefix.length)] = text;
  return out;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
