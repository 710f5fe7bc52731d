/**
 * `plugin.activation` inputs: a few plugin ids, some installed, and per settings scope an
 * enabledPlugins map that says true, false or (rarely) a non-boolean about some of them, so the
 * tri-state merge meets every order of opinions: a higher false over a lower true, a higher true
 * over a lower false, policy over everything, ids enabled but not installed.
 */
import fc, { type Arbitrary } from "fast-check";
import { ENABLE_SCOPES, type Json, type JsonObject } from "../../adapters/reference/src/index.ts";
import { constantJson } from "./objects.ts";

const PLUGIN_IDS = ["audit@acme", "fmt@acme", "lint@tools", "a@b"];

const opinion = (): Arbitrary<Json> =>
  fc.oneof({ weight: 10, arbitrary: fc.boolean() }, { weight: 1, arbitrary: constantJson<Json>("true", 1, null) });

const enabledMap = (): Arbitrary<JsonObject> =>
  fc.dictionary(fc.constantFrom(...PLUGIN_IDS), opinion(), { maxKeys: PLUGIN_IDS.length, noNullPrototype: true }) as Arbitrary<JsonObject>;

export function pluginActivationInput(): Arbitrary<JsonObject> {
  const layers = fc.record(Object.fromEntries(ENABLE_SCOPES.map((scope) => [scope, enabledMap()])), {
    requiredKeys: [],
    noNullPrototype: true,
  });
  return fc
    .tuple(fc.subarray(PLUGIN_IDS), fc.option(layers, { nil: undefined, freq: 8 }))
    .map(([installed, enabled]): JsonObject => (enabled === undefined ? { installed } : { installed, enabled: enabled as JsonObject }));
}
