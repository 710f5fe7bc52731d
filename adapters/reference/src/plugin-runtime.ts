/**
 * A Computer's plugin management over one home (runtime-contract §2.3-§2.5, §4.8, §4.9, §5):
 * intent is the only thing written first and the only thing a restart reads; the ledger is a
 * derived cache rebuilt from installedPlugins; the projection (skills, get_config servers) is
 * rebuilt from intent at each boot and changed only by enable / disable / uninstall in between.
 */
import { resolveBundleId } from "./bundle-id.ts";
import { type MarketplacePlugin, readMarketplace } from "./plugin-marketplace.ts";
import type { ServerConfigLike } from "./types.ts";

/** The writable scopes, lowest first: a later scope's entry beats an earlier one's (§2.4). */
export const PLUGIN_SCOPES = ["user", "project", "local"] as const;
export type PluginScope = (typeof PLUGIN_SCOPES)[number];

export type PluginStep = {
  readonly do:
    | "add_marketplace"
    | "prune_marketplace"
    | "install"
    | "enable"
    | "disable"
    | "uninstall"
    | "materialize"
    | "restart"
    | "delete_ledger"
    | "observe"
    | "declare_marketplace"
    | "undeclare_marketplace"
    | "reconcile"
    | "update_repository"
    | "stale_install_path";
  readonly marketplace?: string;
  readonly plugin?: string;
  readonly scope?: PluginScope;
  readonly source?: string;
  readonly like?: string;
  readonly fail_mount?: string;
  readonly auto_update?: boolean;
  readonly refresh?: boolean;
  readonly as?: string;
  readonly observe?: readonly ObservedFact[];
};
export type ObservedFact = "installed" | "enabled" | "ledger" | "skills" | "servers" | "sources" | "origins" | "marketplaces";

export interface PluginScript {
  readonly marketplaces: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly embed_servers?: readonly ServerConfigLike[];
  readonly script: readonly PluginStep[];
}

/** The origin of a server the host's constructor declared (§2.5 item 3: embed, a non-plugin origin). */
const EMBED = "embed";

interface ScopeSettings {
  installedPlugins: string[];
  enabledPlugins: Record<string, boolean>;
}

/** A marketplace declaration (extraKnownMarketplaces): the repository it names and its autoUpdate. */
interface MarketplaceDeclaration {
  readonly source: string;
  readonly autoUpdate: boolean;
}

/** What survives a restart: the settings files, the known marketplaces (each with the repository it was materialised from) and the ledger (null: deleted). */
interface Home {
  readonly settings: Record<PluginScope, ScopeSettings>;
  readonly declared: Map<string, MarketplaceDeclaration>;
  readonly marketplaces: Map<string, ReadonlyMap<string, MarketplacePlugin>>;
  readonly materialisedFrom: Map<string, string>;
  ledger: Map<string, string[]> | null;
}

/** The running Computer's Agent-facing projection: skill names, get_config servers by bundle_id with their origin (a plugin id, or embed). */
interface Projection {
  readonly skills: Set<string>;
  readonly servers: Map<string, string>;
}

class PluginRuntime {
  private readonly home: Home = {
    settings: { user: emptyScope(), project: emptyScope(), local: emptyScope() },
    declared: new Map(),
    marketplaces: new Map(),
    materialisedFrom: new Map(),
    ledger: null,
  };
  private projection: Projection;
  /** The repositories as they stand now (update_repository commits new files to one). */
  private readonly repositories: Map<string, Readonly<Record<string, string>>>;

  constructor(
    repositories: PluginScript["marketplaces"],
    private readonly embed: readonly string[],
  ) {
    this.repositories = new Map(Object.entries(repositories));
    this.projection = this.boot();
  }

  run(step: PluginStep): void {
    switch (step.do) {
      case "add_marketplace":
        this.addMarketplace(step.marketplace!);
        break;
      case "prune_marketplace":
        this.pruneMarketplace(step.marketplace!);
        break;
      case "install":
        this.install(step.plugin!);
        break;
      case "enable":
      case "disable":
        this.setEnabled(step.plugin!, step.scope ?? "user", step.do === "enable", step.fail_mount);
        break;
      case "uninstall":
        this.uninstall(step.plugin!);
        break;
      case "materialize":
        (this.home.ledger ??= new Map()).set(step.plugin!, [...this.pluginOf(step.plugin!).servers]);
        break;
      case "restart":
        this.projection = this.boot();
        break;
      case "delete_ledger":
        this.home.ledger = null;
        break;
      case "observe":
        break;
      case "declare_marketplace":
        this.home.declared.set(step.marketplace!, { source: step.source ?? step.marketplace!, autoUpdate: step.auto_update === true });
        break;
      case "undeclare_marketplace":
        this.home.declared.delete(step.marketplace!);
        break;
      case "reconcile":
        this.reconcile(step.refresh === true);
        break;
      case "update_repository":
        this.repositories.set(step.marketplace!, { ...this.repositories.get(step.source!) });
        break;
      case "stale_install_path":
        // This ledger keeps no install path at all: each boot derives the plugin's files from
        // (marketplace, plugin), so a stale hint has nothing to mislead (§5 item 8).
        if (this.home.ledger?.has(step.plugin!) !== true) throw new Error(`no ledger record for ${step.plugin!}`);
        break;
    }
  }

  observe(facts: readonly ObservedFact[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const fact of facts) out[fact] = this.fact(fact);
    return out;
  }

  private fact(fact: ObservedFact): unknown {
    switch (fact) {
      case "installed":
        return [...this.installedSet()].sort();
      case "enabled":
        return Object.fromEntries(PLUGIN_SCOPES.map((s) => [s, { ...this.home.settings[s].enabledPlugins }]));
      case "ledger":
        return Object.fromEntries([...(this.home.ledger ?? new Map<string, string[]>())].map(([id, deps]) => [id, [...deps].sort()]));
      case "skills":
        return [...this.projection.skills].sort();
      case "servers":
        return [...this.projection.servers.keys()].sort();
      case "origins":
        return Object.fromEntries(
          [...this.projection.servers]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([b, o]) => [b, o === EMBED ? "non-plugin" : `plugin:${o}`]),
        );
      case "sources":
        return Object.fromEntries([...this.projection.skills].sort().map((skill) => [skill, `marketplace:${this.sourceOf(skill)}`]));
      case "marketplaces":
        return [...this.home.marketplaces.keys()].sort();
    }
  }

  /** add-marketplace writes the declaration; only enabled plugins' SKILLs ever register (§2.4). */
  private addMarketplace(name: string): void {
    if (this.home.marketplaces.has(name)) throw new Error(`marketplace ${name} is already known`);
    if (!this.materialise(name, name)) throw new Error(`marketplace ${name} cannot be read`);
  }

  /** Clones the repository `source` as marketplace `name`; false (nothing changed) when it cannot be read. */
  private materialise(name: string, source: string): boolean {
    const files = this.repositories.get(source);
    const plugins = files === undefined ? undefined : readMarketplace(files);
    if (plugins === undefined) return false;
    this.home.marketplaces.set(name, plugins);
    this.home.materialisedFrom.set(name, source);
    return true;
  }

  /**
   * The marketplace reconcile (§5 item 1): a declared source that is missing is cloned, one whose
   * source changed is replaced, one with autoUpdate (or every one, on an explicit refresh) is
   * pulled; each reconciled marketplace's active plugins then show their current SKILLs. A
   * materialised marketplace no longer declared is left alone (only prune removes it).
   */
  private reconcile(refresh: boolean): void {
    for (const [name, declaration] of this.home.declared) {
      const from = this.home.materialisedFrom.get(name);
      const stale = from !== undefined && (from !== declaration.source || declaration.autoUpdate || refresh);
      if (from !== undefined && !stale) continue;
      const plugins = [...this.installedSet()].filter((id) => id.endsWith(`@${name}`));
      if (stale) for (const id of plugins) this.hideSkills(id);
      if (!this.materialise(name, declaration.source)) continue;
      for (const id of plugins) if (this.activeOrigin(id) !== undefined) this.showSkills(id);
    }
  }

  /** The explicit prune (§4.8 item 4, §5 item 1): the source and its SKILLs go; intent and ledger stay. */
  private pruneMarketplace(name: string): void {
    if (!this.home.marketplaces.delete(name)) throw new Error(`marketplace ${name} is not known`);
    this.home.materialisedFrom.delete(name);
    for (const id of this.installedSet()) if (id.endsWith(`@${name}`)) this.hideSkills(id);
  }

  /** install: installedPlugins first, then the ledger record; never enabledPlugins, never the projection. */
  private install(id: string): void {
    const plugin = this.pluginOf(id);
    // skill.md §1.5: <plugin> is unique in the installed set, so another marketplace's plugin of that name is refused here.
    const name = id.slice(0, id.indexOf("@"));
    const holder = [...this.installedSet()].find((i) => i !== id && i.startsWith(`${name}@`));
    if (holder !== undefined) throw new Error(`plugin ${name} is already installed as ${holder}`);
    const user = this.home.settings.user;
    if (!user.installedPlugins.includes(id)) user.installedPlugins.push(id);
    (this.home.ledger ??= new Map()).set(id, [...plugin.servers]);
  }

  /** enable / disable write enabledPlugins[scope], then the plugin's whole contribution follows the merged value. */
  private setEnabled(id: string, scope: PluginScope, value: boolean, failMount?: string): void {
    if (!this.installedSet().has(id)) throw new Error(`plugin ${id} is not installed`);
    const plugin = this.pluginOf(id);
    // A bundled server whose entry cannot be registered fails the enable as a whole, before any
    // write: the net effect of a rollback to installed_disabled (§2.4 enable atomicity).
    if (value && failMount !== undefined && plugin.servers.includes(failMount) && !this.projection.servers.has(failMount))
      throw new Error(`mount of ${failMount} refused`);
    this.home.settings[scope].enabledPlugins[id] = value;
    if (this.activeOrigin(id) !== undefined) this.project(id);
    else this.withdraw(id, this.home.ledger?.get(id) ?? []);
  }

  /** uninstall: the stop list comes from the ledger record, taken before the record goes (§4.9.1-3). */
  private uninstall(id: string): void {
    if (!this.installedSet().has(id)) throw new Error(`plugin ${id} is not installed`);
    const stopList = [...(this.home.ledger?.get(id) ?? [])];
    for (const scope of PLUGIN_SCOPES) {
      const s = this.home.settings[scope];
      s.installedPlugins = s.installedPlugins.filter((p) => p !== id);
      delete s.enabledPlugins[id];
    }
    this.home.ledger?.delete(id);
    this.withdraw(id, stopList);
  }

  /** Boot (§4.8): re-materialise what installedPlugins names and the ledger lacks, then project installed ∧ enabled. */
  private boot(): Projection {
    this.projection = { skills: new Set(), servers: new Map(this.embed.map((b) => [b, EMBED])) };
    for (const id of this.installedSet()) {
      const plugin = this.lookup(id);
      if (plugin === undefined) continue;
      const ledger = (this.home.ledger ??= new Map());
      if (!ledger.has(id)) ledger.set(id, [...plugin.servers]);
      if (this.activeOrigin(id) !== undefined) this.project(id);
    }
    return this.projection;
  }

  /** Adds the plugin's SKILLs and bundled servers together; an existing bundle_id is a satisfied dependency (§2.5-1). */
  private project(id: string): void {
    const plugin = this.pluginOf(id);
    const name = id.split("@")[0]!;
    for (const skill of plugin.skills) if (skill.startsWith(`${name}:`)) this.projection.skills.add(skill);
    // Enabled from project scope alone: its bundled servers wait for approval (§5 item 10), not mounted.
    if (this.activeOrigin(id) === "project") return;
    for (const bundleId of plugin.servers) if (!this.projection.servers.has(bundleId)) this.projection.servers.set(bundleId, id);
  }

  /** Hides the plugin's SKILLs and reclaims each dependency no other plugin declares and the user side did not (§4.9.1-2). */
  private withdraw(id: string, dependencies: readonly string[]): void {
    this.hideSkills(id);
    const others = [...(this.home.ledger ?? new Map<string, string[]>())].filter(([other]) => other !== id).flatMap(([, deps]) => deps);
    for (const bundleId of dependencies)
      if (!others.includes(bundleId) && this.projection.servers.get(bundleId) !== EMBED) this.projection.servers.delete(bundleId);
  }

  /** A marketplace SKILL's provenance is its marketplace (skill.md §1.3: source marketplace:<repo>), found from intent. */
  private sourceOf(skill: string): string {
    const plugin = skill.split(":")[0]!;
    const id = [...this.installedSet()].find((i) => i.startsWith(`${plugin}@`));
    return id?.split("@")[1] ?? "";
  }

  private showSkills(id: string): void {
    const name = id.split("@")[0]!;
    for (const skill of this.pluginOf(id).skills) if (skill.startsWith(`${name}:`)) this.projection.skills.add(skill);
  }

  private hideSkills(id: string): void {
    const name = id.split("@")[0]!;
    for (const skill of [...this.projection.skills]) if (skill.startsWith(`${name}:`)) this.projection.skills.delete(skill);
  }

  /** The highest scope whose entry decides the merged value, when that value is true. */
  private activeOrigin(id: string): PluginScope | undefined {
    let origin: PluginScope | undefined;
    for (const scope of PLUGIN_SCOPES) {
      const value = this.home.settings[scope].enabledPlugins[id];
      if (value !== undefined) origin = value ? scope : undefined;
    }
    return this.installedSet().has(id) ? origin : undefined;
  }

  private installedSet(): Set<string> {
    return new Set(PLUGIN_SCOPES.flatMap((s) => this.home.settings[s].installedPlugins));
  }

  private lookup(id: string): MarketplacePlugin | undefined {
    const [plugin, marketplace] = id.split("@") as [string, string];
    return this.home.marketplaces.get(marketplace)?.get(plugin);
  }

  private pluginOf(id: string): MarketplacePlugin {
    const [plugin, marketplace] = id.split("@") as [string, string];
    const known = this.home.marketplaces.get(marketplace);
    if (known === undefined) throw new Error(`marketplace ${marketplace} is not known`);
    const found = known.get(plugin);
    if (found === undefined) throw new Error(`marketplace ${marketplace} has no plugin ${plugin}`);
    return found;
  }
}

function emptyScope(): ScopeSettings {
  return { installedPlugins: [], enabledPlugins: {} };
}

/** Runs the script on a fresh home; each step with `as` reports `ok` and what it observes, failures go to `errors`. */
export function runPluginScript(input: PluginScript): Record<string, unknown> {
  const runtime = new PluginRuntime(
    input.marketplaces,
    (input.embed_servers ?? []).map((c) => resolveBundleId(c)),
  );
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  input.script.forEach((step, index) => {
    let ok = true;
    try {
      runtime.run(step);
    } catch (error) {
      ok = false;
      errors[step.as ?? String(index)] = (error as Error).message;
    }
    if (step.as !== undefined) out[step.as] = { ok, ...runtime.observe(step.observe ?? []) };
  });
  if (Object.keys(errors).length > 0) out["errors"] = errors;
  return out;
}
