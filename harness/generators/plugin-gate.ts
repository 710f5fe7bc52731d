/**
 * `plugin.bundled_gate` inputs: one plugin and one of its bundled servers, and per settings scope
 * a document that may enable or disable the plugin and may name the server (or another) on the
 * gate lists: the deny and allow lists, disabledMcpjsonServers, enabledMcpjsonServers,
 * enableAllProjectMcpServers; some of them in scopes that may not supply them (project's trust
 * fields, a deny list outside policy).
 */
import fc, { type Arbitrary } from "fast-check";
import { ENABLE_SCOPES, type JsonObject } from "../../adapters/reference/src/index.ts";

const PLUGIN = "audit@acme";
const SERVERS = ["audit_mcp", "git_srv"];
const LISTS = ["deniedMcpServers", "allowedMcpServers", "disabledMcpjsonServers", "enabledMcpjsonServers"];

const enabledPlugins = (): Arbitrary<JsonObject> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: fc.boolean().map((on) => ({ [PLUGIN]: on })) },
    { weight: 1, arbitrary: fc.boolean().map((on) => ({ "fmt@acme": on })) },
  );

/** At most one gate field per document, so most cases reach the trust decision. */
const gateField = (): Arbitrary<JsonObject> =>
  fc.oneof(
    fc.boolean().map((on): JsonObject => ({ enableAllProjectMcpServers: on })),
    ...LISTS.map((field) => fc.subarray(SERVERS).map((ids): JsonObject => ({ [field]: ids }))),
  );

const document = (): Arbitrary<JsonObject> =>
  fc
    .tuple(enabledPlugins(), fc.option(gateField(), { nil: undefined, freq: 2 }))
    .map(([enabled, gate]): JsonObject => ({ enabledPlugins: enabled, ...(gate ?? {}) }));

export function pluginGateInput(): Arbitrary<JsonObject> {
  const settings = fc.record(Object.fromEntries(ENABLE_SCOPES.map((scope) => [scope, document()])), {
    requiredKeys: [],
    noNullPrototype: true,
  });
  return fc.tuple(settings, fc.constantFrom(...SERVERS)).map(([layers, bundleId]) => ({
    settings: layers as JsonObject,
    plugin: PLUGIN,
    bundle_id: bundleId,
  }));
}
