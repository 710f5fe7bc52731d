/** Server configs for validation: valid, observe-tier edges and single faults, or any mix. */
import fc, { type Arbitrary } from "fast-check";
import type { Json } from "../../adapters/reference/src/index.ts";
import { edgeServerConfig } from "./config-edges.ts";
import { faultyServerConfig } from "./config-faults.ts";
import { validServerConfig } from "./configs.ts";
import type { ValidityOption } from "./faults.ts";

/**
 * A server config as JSON: `valid: true` → accepted, uncontroversial; `valid: false` → one
 * broken field (or not an object); absent → mostly valid, some edges, a third invalid.
 */
export function serverConfig({ valid }: ValidityOption = {}): Arbitrary<Json> {
  const invalid = faultyServerConfig().map((faulty) => faulty.value);
  if (valid === true) return validServerConfig();
  if (valid === false) return invalid;
  return fc.oneof(
    { weight: 5, arbitrary: validServerConfig() },
    { weight: 1, arbitrary: edgeServerConfig() },
    { weight: 3, arbitrary: invalid },
  );
}
