/**
 * Configs for bundle_id resolution and connection-identity bytes: valid ones, the null / absent
 * lists and maps that must encode as count 0, explicit ids (even invalid: resolve returns them as
 * given), and configs the TLV cannot encode, each with the error reason expected.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { configOf, validServerConfig } from "./configs.ts";
import { type Fault, type Faulty, faultsAt, param, patchesAt, withOneFault, withOnePatch } from "./faults.ts";
import { ABSENT, type Patch } from "./objects.ts";

/** Encodable as count 0 (null or absent), plus explicit ids resolve must pass through. */
const ENCODABLE_EDGES: readonly Patch[] = [
  ...patchesAt(param("args"), null, ABSENT),
  ...patchesAt(param("env"), null, ABSENT),
  ...patchesAt(param("headers"), null, ABSENT),
  ...patchesAt(["bundle_id"], null, "", "a.b", "a__b", "\u00E9"),
  ...patchesAt(["name"], ABSENT, 5),
];

const MALFORMED = "input.malformed_config";

/** Configs the identity frame cannot encode (wrong type spelling, non-string items, missing endpoint). */
export const IDENTITY_FAULTS: readonly Fault[] = [
  ...faultsAt(["type"], MALFORMED, "STDIO", "", "http"),
  ...faultsAt(["server_parameters"], MALFORMED, ABSENT, [], null),
  ...faultsAt(param("command"), MALFORMED, ABSENT, 5),
  ...faultsAt(param("url"), MALFORMED, ABSENT, null),
  ...faultsAt(param("args"), MALFORMED, [1], "a"),
  ...faultsAt(param("env"), MALFORMED, { A: 1 }, []),
  ...faultsAt(param("headers"), MALFORMED, { "X-Retry": 3 }, { "X-Null": null }),
  ...faultsAt(param("command"), "input.lone_surrogate", "a\uD800"),
  ...faultsAt(param("url"), "input.lone_surrogate", "\uDC00"),
];

/** The faults that apply to one transport (a stdio config has no url to break, and so on). */
function faultsFor(type: "stdio" | "streamable" | "sse"): Fault[] {
  const foreign = type === "stdio" ? ["url", "headers"] : ["command", "args", "env"];
  const own = IDENTITY_FAULTS.filter((fault) => !(fault.path[0] === "server_parameters" && foreign.includes(fault.path[1]!)));
  return [...own, ...faultsAt(["type"], MALFORMED, type === "stdio" ? "sse" : "stdio")];
}

/** A config the identity frame refuses, with the expected error reason. */
export function unencodableConfig(): Arbitrary<Faulty> {
  return fc.oneof(...(["stdio", "streamable", "sse"] as const).map((type) => withOneFault(configOf(type), faultsFor(type))));
}

/** A config whose identity can be encoded: valid, or with null / absent lists and maps. */
export function encodableConfig(): Arbitrary<JsonObject> {
  return fc.oneof(
    { weight: 3, arbitrary: validServerConfig() },
    { weight: 1, arbitrary: withOnePatch(validServerConfig(), ENCODABLE_EDGES) },
  );
}

/** Input config for bundle_id.resolve / identity_bytes: mostly encodable, sometimes not. */
export function identityConfig(): Arbitrary<JsonObject> {
  return fc.oneof(
    { weight: 8, arbitrary: encodableConfig() },
    { weight: 1, arbitrary: unencodableConfig().map((faulty) => faulty.value as JsonObject) },
  );
}
