/**
 * Configs the kit's reading accepts but where the spec is silent or self-contradictory (observe
 * tier): unknown and SDK-additive fields, explicit nulls, non-string header values, a field of
 * another transport. SDKs are expected to differ here; keep these out of "valid" bases.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { configOf, type Transport } from "./configs.ts";
import { param, patchesAt, withOnePatch } from "./faults.ts";
import type { Patch } from "./objects.ts";

export const BASE_EDGES: readonly Patch[] = [
  ...patchesAt(["description"], "a test server"),
  ...patchesAt(["bundle_id"], null),
  ...patchesAt(["bundleId"], "echo-srv"),
  ...patchesAt(["envFile"], ".env"),
  ...patchesAt(["env_file"], ".env"),
  ...patchesAt(["oauth"], { client_id: "kit" }, null),
  ...patchesAt(["name"], ""),
  ...patchesAt(param("x-unknown"), true),
];

const HEADER_EDGES: readonly Patch[] = patchesAt(
  param("headers"),
  null,
  { "X-Retry": 3 },
  { "X-Debug": true },
  { "X-Extra": { a: 1 } },
  { "X-Null": null },
);

export const TRANSPORT_EDGES: Readonly<Record<Transport, readonly Patch[]>> = {
  stdio: [...patchesAt(param("env"), null), ...patchesAt(param("url"), "https://mcp.example.com/mcp")],
  streamable: [...HEADER_EDGES, ...patchesAt(param("command"), "npx")],
  sse: [...HEADER_EDGES, ...patchesAt(param("timeout"), 0, -1, 1e21), ...patchesAt(param("sse_read_timeout"), 0.0001)],
};

/** A config with one observe-tier edge; the reference accepts it. */
export function edgeServerConfig(): Arbitrary<JsonObject> {
  const of = (type: Transport) => withOnePatch(configOf(type), [...BASE_EDGES, ...TRANSPORT_EDGES[type]]);
  return fc.oneof(of("stdio"), of("streamable"), of("sse"));
}
