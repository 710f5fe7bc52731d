/**
 * Configs the kit's reading accepts but where the spec is silent or self-contradictory (observe
 * tier): unknown and SDK-additive fields, explicit nulls, non-string header values, a field of
 * another transport. SDKs are expected to differ here; keep these out of "valid" bases.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/types.ts";
import { configOf, type Transport } from "./configs.ts";
import { withOnePatch } from "./faults.ts";
import type { Patch } from "./objects.ts";

const at = (path: string[], ...values: Patch["value"][]): Patch[] => values.map((value) => ({ path, value }));
const p = (field: string): string[] => ["server_parameters", field];

export const BASE_EDGES: readonly Patch[] = [
  ...at(["description"], "a test server"),
  ...at(["bundle_id"], null),
  ...at(["bundleId"], "echo-srv"),
  ...at(["envFile"], ".env"),
  ...at(["env_file"], ".env"),
  ...at(["oauth"], { client_id: "kit" }, null),
  ...at(["name"], ""),
  ...at(p("x-unknown"), true),
];

const HEADER_EDGES: readonly Patch[] = at(p("headers"), null, { "X-Retry": 3 }, { "X-Debug": true }, { "X-Extra": { a: 1 } }, { "X-Null": null });

export const TRANSPORT_EDGES: Readonly<Record<Transport, readonly Patch[]>> = {
  stdio: [...at(p("env"), null), ...at(p("url"), "https://mcp.example.com/mcp")],
  streamable: [...HEADER_EDGES, ...at(p("command"), "npx")],
  sse: [...HEADER_EDGES, ...at(p("timeout"), 0, -1, 1e21), ...at(p("sse_read_timeout"), 0.0001)],
};

/** A config with one observe-tier edge; the reference accepts it. */
export function edgeServerConfig(): Arbitrary<JsonObject> {
  const of = (type: Transport) => withOnePatch(configOf(type), [...BASE_EDGES, ...TRANSPORT_EDGES[type]]);
  return fc.oneof(of("stdio"), of("streamable"), of("sse"));
}
