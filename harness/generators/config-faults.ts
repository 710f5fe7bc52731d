/**
 * Invalid server configs: a valid config with one field broken (missing, wrong JSON type, bad
 * value), each paired with the kit's reason, plus values that are not objects at all.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json } from "../../adapters/reference/src/index.ts";
import { configOf, type Transport } from "./configs.ts";
import { type Fault, type Faulty, faultsAt, param, withOneFault } from "./faults.ts";
import { ABSENT, constantJson } from "./objects.ts";

const MISSING = "config.missing_field";
const WRONG = "config.wrong_type";
const META = "config.invalid_tool_meta";

/** Faults every transport shares: base fields and explicit bundle_ids, in check order. */
export const BASE_FAULTS: readonly Fault[] = [
  ...faultsAt(["name"], MISSING, ABSENT),
  ...faultsAt(["name"], WRONG, 5, null),
  ...faultsAt(["type"], MISSING, ABSENT),
  ...faultsAt(["type"], WRONG, 1),
  ...faultsAt(["type"], "config.unknown_type", "STDIO", "Stdio", "SSE", "http", "", "streamable-http", "streamableHttp"),
  ...faultsAt(["bundle_id"], "bundle_id.empty", ""),
  ...faultsAt(["bundle_id"], "bundle_id.dot", "a.b", "a.b__c"),
  ...faultsAt(["bundle_id"], "bundle_id.reserved_separator", "a__b", "a__b c"),
  ...faultsAt(["bundle_id"], "bundle_id.charset", "a b", "\u00E9", "a\n"),
  ...faultsAt(["bundle_id"], "bundle_id.not_string", 5, ["x"]),
  ...faultsAt(["disabled"], WRONG, "false", 0, null),
  ...faultsAt(["forbidden_tools"], WRONG, "x", [1], null),
  ...faultsAt(["tool_meta"], WRONG, [], "x", null),
  ...faultsAt(
    ["tool_meta"],
    META,
    { t: [] },
    { t: null },
    { t: { alias: 1 } },
    { t: { auto_apply: "yes" } },
    { t: { tags: "a" } },
    { t: { ret_object_mapper: [] } },
  ),
  ...faultsAt(["default_tool_meta"], META, [], "x", { alias: 5 }),
  ...faultsAt(["vrl"], WRONG, 5),
  ...faultsAt(["server_parameters"], MISSING, ABSENT),
  ...faultsAt(["server_parameters"], WRONG, [], null, "x"),
];

const URL_AND_HEADERS: readonly Fault[] = [
  ...faultsAt(param("url"), MISSING, ABSENT),
  ...faultsAt(param("url"), WRONG, 5, null),
  ...faultsAt(param("headers"), MISSING, ABSENT),
  ...faultsAt(param("headers"), WRONG, [], "x"),
];

/** Durations the kit's ISO-8601 reading refuses (no unit, sign, lowercase, comma, bare number). */
const BAD_DURATIONS = ["30", "PT", "P", "-PT1S", "pt30s", "PT30s", "PT1,5S", "30s", "P1DT"];

/** Transport-field faults per type, in TypedDict order. */
export const TRANSPORT_FAULTS: Readonly<Record<Transport, readonly Fault[]>> = {
  stdio: [
    ...faultsAt(param("command"), MISSING, ABSENT),
    ...faultsAt(param("command"), WRONG, 5, null),
    ...faultsAt(param("args"), MISSING, ABSENT),
    ...faultsAt(param("args"), WRONG, "a", [1], null),
    ...faultsAt(param("env"), MISSING, ABSENT),
    ...faultsAt(param("env"), WRONG, [], { A: 1 }, "x"),
    ...faultsAt(param("cwd"), MISSING, ABSENT),
    ...faultsAt(param("cwd"), WRONG, 5),
    ...faultsAt(param("encoding"), MISSING, ABSENT),
    ...faultsAt(param("encoding"), WRONG, 5, null),
    ...faultsAt(param("encoding_error_handler"), MISSING, ABSENT),
    ...faultsAt(param("encoding_error_handler"), WRONG, 1, null),
    ...faultsAt(param("encoding_error_handler"), "config.invalid_value", "STRICT", "backslashreplace", ""),
  ],
  streamable: [
    ...URL_AND_HEADERS,
    ...faultsAt(param("timeout"), MISSING, ABSENT),
    ...faultsAt(param("timeout"), WRONG, 30, null),
    ...faultsAt(param("timeout"), "config.invalid_duration", ...BAD_DURATIONS),
    ...faultsAt(param("sse_read_timeout"), MISSING, ABSENT),
    ...faultsAt(param("sse_read_timeout"), "config.invalid_duration", "300", "PT", "5M"),
    ...faultsAt(param("terminate_on_close"), MISSING, ABSENT),
    ...faultsAt(param("terminate_on_close"), WRONG, "true", null, 1),
  ],
  sse: [
    ...URL_AND_HEADERS,
    ...faultsAt(param("timeout"), MISSING, ABSENT),
    ...faultsAt(param("timeout"), WRONG, "30", "PT30S", null, true),
    ...faultsAt(param("sse_read_timeout"), MISSING, ABSENT),
    ...faultsAt(param("sse_read_timeout"), WRONG, "300", null),
  ],
};

const forTransport = (type: Transport): Arbitrary<Faulty> => withOneFault(configOf(type), [...BASE_FAULTS, ...TRANSPORT_FAULTS[type]]);

/** An invalid config with its expected reason; rarely not an object at all. */
export function faultyServerConfig(): Arbitrary<Faulty> {
  return fc.oneof(
    { weight: 4, arbitrary: forTransport("stdio") },
    { weight: 3, arbitrary: forTransport("streamable") },
    { weight: 3, arbitrary: forTransport("sse") },
    {
      weight: 1,
      arbitrary: constantJson<Json>([], "x", null, 5, true, [{ name: "x" }]).map((value) => ({ value, reason: "config.not_object" })),
    },
  );
}
