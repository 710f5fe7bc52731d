/**
 * The merge of MCP server declarations over the non-plugin sources (runtime-contract.md §2.5
 * items 3 and 5; management-protocol.md §2.2 item 2): lowest first, user < project < local <
 * embed < flag < policy, each declaration keyed by its server name; a higher source declaring a
 * name replaces the lower one whole and the entry carries the source it came from (its origin).
 * Before merging, each declaration file (every source but embed, the host's constructor
 * arguments) is registered on its own: two of its keys resolving to one bundle_id fail fast
 * (§2.5 item 2, the `conflict` category of §6).
 */
import { resolveBundleId } from "./bundle-id.ts";
import { InvalidInputError } from "./errors.ts";
import { DECLARATION_SOURCES, type DeclarationSource, type Declarations } from "./plugin-reclaim.ts";
import { compareCodePoints } from "./unicode.ts";

export interface MergedServer {
  readonly name: string;
  readonly bundle_id: string;
  readonly origin: DeclarationSource;
}

/** The sources read from one mcp.json-style file each (embed comes from the host's code). */
const FILE_SOURCES: ReadonlySet<DeclarationSource> = new Set(["user", "project", "local", "flag", "policy"]);

export function mergeSources(declared: Declarations): { servers: MergedServer[] } {
  for (const origin of DECLARATION_SOURCES) if (FILE_SOURCES.has(origin)) registerFile(origin, declared[origin] ?? []);
  const byName = new Map<string, MergedServer>();
  for (const origin of DECLARATION_SOURCES)
    for (const config of declared[origin] ?? []) {
      const name = String(config.name);
      byName.set(name, { name, bundle_id: resolveBundleId(config), origin });
    }
  return { servers: [...byName.values()].sort((a, b) => compareCodePoints(a.name, b.name)) };
}

/** One declaration file's keys, each resolving to a bundle_id no other key of the file has. */
function registerFile(source: DeclarationSource, configs: Declarations[DeclarationSource] & object): void {
  const keyOf = new Map<string, string>();
  for (const config of configs) {
    const name = String(config.name);
    const bundleId = resolveBundleId(config);
    const first = keyOf.get(bundleId);
    if (first !== undefined && first !== name)
      throw new InvalidInputError(
        "config.bundle_id_conflict",
        `${source}: keys ${JSON.stringify(first)} and ${JSON.stringify(name)} both resolve to bundle_id ${JSON.stringify(bundleId)}; rename one or give it an explicit bundle_id`,
        { source, bundle_id: bundleId, names: [first, name] },
      );
    keyOf.set(bundleId, name);
  }
}
