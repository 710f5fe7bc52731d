/**
 * The `mount` act (acts.ts): the running Computer adds or updates one MCP server at runtime, from the
 * call's config of it with `set` laid over (runtime-contract.md §4.6: a changed desired state applied
 * to the running runtime). One bundle_id is one server: an entry already there is replaced in place,
 * its old client closed, whatever its name (data-structures.md, no-double-open); a server the new
 * config disables stays configured but is not started (computer.md §4.4).
 */
import { type Computer, refreshCatalog } from "./computer.ts";
import type { McpFleet, MountedServer } from "./mcp-fleet.ts";
import { configureServers } from "./server-config.ts";
import type { WireServer } from "./wire-call.ts";

export interface Remounted {
  /** Either the old or the new server offers resources: its SKILLs may have changed. */
  readonly resources: boolean;
}

/** Applies the changed config of `bundleId`; undefined when the call gave no server of that bundle_id. */
export async function remount(
  computer: Computer,
  fleet: McpFleet,
  entries: readonly WireServer[],
  bundleId: string,
  set: Readonly<Record<string, unknown>>,
  budgetMs: number,
): Promise<Remounted | undefined> {
  const entry = entries.find((e) => e.bundle_id === bundleId);
  if (!entry) return undefined;
  const [server] = configureServers([{ ...entry, ...set } as WireServer]);
  if (!server) return undefined;
  const old = computer.mounted.get(bundleId);
  const at = computer.configured.findIndex((s) => s.bundleId === bundleId);
  computer.configured = at < 0 ? [...computer.configured, server] : computer.configured.map((s, i) => (i === at ? server : s));
  computer.mounted.delete(bundleId);
  await old?.client.close().catch(() => undefined);
  let now: MountedServer | undefined;
  if (!server.disabled) {
    now = await fleet.mountOne(server, budgetMs);
    computer.mounted.set(bundleId, now);
  }
  refreshCatalog(computer);
  return { resources: [old, now].some((m) => m?.client.getServerCapabilities()?.resources !== undefined) };
}
