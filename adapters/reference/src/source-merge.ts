/**
 * The merge of MCP server declarations over the non-plugin sources (runtime-contract.md §2.5
 * items 3 and 5; management-protocol.md §2.2 item 2): lowest first, user < project < local <
 * embed < flag < policy, each declaration keyed by its server name; a higher source declaring a
 * name replaces the lower one whole and the entry carries the source it came from (its origin).
 */
import { resolveBundleId } from "./bundle-id.ts";
import { DECLARATION_SOURCES, type DeclarationSource, type Declarations } from "./plugin-reclaim.ts";
import { compareCodePoints } from "./unicode.ts";

export interface MergedServer {
  readonly name: string;
  readonly bundle_id: string;
  readonly origin: DeclarationSource;
}

export function mergeSources(declared: Declarations): { servers: MergedServer[] } {
  const byName = new Map<string, MergedServer>();
  for (const origin of DECLARATION_SOURCES)
    for (const config of declared[origin] ?? []) {
      const name = String(config.name);
      byName.set(name, { name, bundle_id: resolveBundleId(config), origin });
    }
  return { servers: [...byName.values()].sort((a, b) => compareCodePoints(a.name, b.name)) };
}
