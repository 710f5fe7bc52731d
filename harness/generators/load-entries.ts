/**
 * `load.diagnostics` server lists drawn from small pools, so derived ids collide with each other
 * and with explicit ones, hash fallbacks repeat, explicit ids are illegal, and aliases collide.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { configOf, validServerConfig } from "./configs.ts";
import { plainMap } from "./maps.ts";
import { constantJson, maybe, objectOf } from "./objects.ts";

/** Display names of which several derive the same id ("search_hub"), and some derive none. */
const NAMES = ["Search Hub", "search_hub", "Search__Hub", "search hub", "hub", "", "😀", "你好", "My Server!"] as const;
const BUNDLE_IDS = ["hub", "search_hub", "Search_Hub", "a.b", "a__b", "", "-", null] as const;
const TOOLS = ["search", "find", "web_search", "doc_search", "a__b"] as const;

/** Two fixed endpoints per transport: equal endpoints give equal hash fallbacks. */
const ENDPOINTS: JsonObject[] = [
  { command: "npx", args: [], env: {}, cwd: null, encoding: "utf-8", encoding_error_handler: "strict" },
  { command: "uvx", args: ["srv"], env: { A: "1" }, cwd: null, encoding: "utf-8", encoding_error_handler: "strict" },
];

const poolToolMeta = (): Arbitrary<Record<string, JsonObject>> =>
  plainMap(fc.constantFrom(...TOOLS), objectOf({ alias: maybe(fc.constantFrom("search", "find", "", null), 7) }), { maxKeys: 3 });

/** A config from the pools; other fields valid as in configs.ts. */
export function pooledConfig(): Arbitrary<JsonObject> {
  const parts = {
    name: fc.constantFrom(...NAMES),
    bundleId: maybe(fc.constantFrom(...BUNDLE_IDS), 3),
    toolMeta: maybe(poolToolMeta(), 6),
    defaultToolMeta: maybe(constantJson<JsonObject | null>(null, { alias: "search" }, { tags: ["x"] }), 2),
  };
  return fc.oneof(
    { weight: 3, arbitrary: configOf("stdio", { ...parts, serverParameters: constantJson(...ENDPOINTS) }) },
    { weight: 2, arbitrary: validServerConfig(parts) },
  );
}

/** One server entry: a pooled config and the (distinct) tools it lists. */
export function loadEntry(): Arbitrary<JsonObject> {
  return objectOf({ config: pooledConfig(), tools: maybe(fc.uniqueArray(fc.constantFrom(...TOOLS), { maxLength: 4 }), 7) });
}

export function loadEntries(): Arbitrary<JsonObject[]> {
  return fc.array(loadEntry(), { maxLength: 5 });
}
