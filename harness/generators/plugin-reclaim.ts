/**
 * `plugin.reclaim` inputs: a ledger of a few plugins, each declaring some of a small pool of
 * bundle_ids (shared, private, the removed plugin absent from it), and per non-plugin source
 * (user, project, local, embed, flag, policy) some servers of a fixed pool. A server keeps one
 * name and one bundle_id everywhere (display names differ from bundle_ids, as conformance-tests
 * §2.0 asks), so a source can only add a bundle_id to the non-plugin set, never shadow another.
 */
import fc, { type Arbitrary } from "fast-check";
import { DECLARATION_SOURCES, type JsonObject } from "../../adapters/reference/src/index.ts";
import { PLAIN_CONFIGS } from "./plain-configs.ts";

const PLUGIN_IDS = ["audit@acme", "fmt@acme", "lint@tools"];
const BUNDLE_IDS = ["audit_mcp", "git_srv", "fs", "db-main", "spare"];

/** The pool: a display name per bundle_id, explicit except for 'fs' (derived from its name). */
const IDENTITIES: readonly JsonObject[] = [
  { name: "Audit MCP (display)", bundle_id: "audit_mcp" },
  { name: "git server", bundle_id: "git_srv" },
  { name: "fs" },
  { name: "DB main", bundle_id: "db-main" },
];
const SERVERS: readonly JsonObject[] = IDENTITIES.map((identity) => ({ ...PLAIN_CONFIGS.stdio, ...identity }));

const ledger = (): Arbitrary<JsonObject> =>
  fc.dictionary(fc.constantFrom(...PLUGIN_IDS), fc.subarray(BUNDLE_IDS), {
    maxKeys: PLUGIN_IDS.length,
    noNullPrototype: true,
  }) as Arbitrary<JsonObject>;

export function pluginReclaimInput(): Arbitrary<JsonObject> {
  const declared = fc.record(
    Object.fromEntries(DECLARATION_SOURCES.map((source) => [source, fc.subarray([...SERVERS], { maxLength: 2 })])),
    {
      requiredKeys: [],
      noNullPrototype: true,
    },
  );
  return fc
    .tuple(fc.constantFrom(...PLUGIN_IDS), ledger(), declared)
    .map(([plugin, plugins, sources]) => ({ plugin, ledger: plugins, declared: sources as JsonObject }));
}
