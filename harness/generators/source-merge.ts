/**
 * `config.source_merge` inputs: per non-plugin source (user, project, local, embed, flag, policy)
 * a few servers from a small pool of names, the same name often in several sources with a
 * different explicit bundle_id (or none), so the merge meets every pair of sources. Within one
 * source the bundle_ids stay distinct: two keys of one file sharing one is the fail-fast error the
 * authored vectors judge (source-merge/one-file), not the merge.
 */
import fc, { type Arbitrary } from "fast-check";
import { DECLARATION_SOURCES, type JsonObject, resolveBundleId } from "../../adapters/reference/src/index.ts";
import { PLAIN_CONFIGS } from "./plain-configs.ts";

const NAMES = ["fs", "git server", "Audit MCP (display)"];
const BUNDLE_IDS = ["fs", "git_srv", "audit_mcp", "fs_user"];

const server = (name: string): Arbitrary<JsonObject> =>
  fc
    .option(fc.constantFrom(...BUNDLE_IDS), { nil: undefined, freq: 2 })
    .map((bundleId) => (bundleId === undefined ? { ...PLAIN_CONFIGS.stdio, name } : { ...PLAIN_CONFIGS.stdio, name, bundle_id: bundleId }));

const source = (): Arbitrary<JsonObject[]> =>
  fc
    .uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 })
    .chain((names) => fc.tuple(...names.map(server)))
    .filter((configs) => new Set(configs.map((c) => resolveBundleId(c))).size === configs.length);

export function sourceMergeInput(): Arbitrary<JsonObject> {
  return fc
    .record(Object.fromEntries(DECLARATION_SOURCES.map((s) => [s, source()])), { requiredKeys: [], noNullPrototype: true })
    .map((declared) => ({ declared: declared as JsonObject }));
}
