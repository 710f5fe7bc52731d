/**
 * Valid MCP server configs per transport (the kit's reading: every required field present and
 * well typed), with optional base fields present or absent. Nothing here is an observe-tier
 * point (no null headers, no unknown fields): see config-edges.ts and config-faults.ts for those.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { validBundleId } from "./bundle-ids.ts";
import { serverName, toolName } from "./names.ts";
import { type Field, maybe, objectOf } from "./objects.ts";
import { toolMeta, toolMetaMap } from "./tool-meta.ts";
import { sseParameters, stdioParameters, streamableParameters } from "./transport-params.ts";

export type Transport = "stdio" | "streamable" | "sse";

/** Overrides for the parts of a config a caller wants from its own pools (e.g. to force collisions). */
export interface ConfigParts {
  readonly name?: Arbitrary<Field>;
  readonly bundleId?: Arbitrary<Field>;
  readonly toolMeta?: Arbitrary<Field>;
  readonly defaultToolMeta?: Arbitrary<Field>;
  readonly serverParameters?: Arbitrary<JsonObject>;
}

const PARAMETERS: Record<Transport, () => Arbitrary<JsonObject>> = {
  stdio: stdioParameters,
  streamable: streamableParameters,
  sse: sseParameters,
};

/** A valid config of one transport; the explicit bundle_id is present in about a fifth. */
export function configOf(type: Transport, parts: ConfigParts = {}): Arbitrary<JsonObject> {
  return objectOf({
    name: parts.name ?? serverName({ loneSurrogates: false }),
    bundle_id: parts.bundleId ?? maybe(validBundleId(), 2),
    type: fc.constant(type),
    disabled: maybe(fc.boolean()),
    forbidden_tools: maybe(fc.array(toolName(), { maxLength: 3 })),
    tool_meta: parts.toolMeta ?? maybe(toolMetaMap()),
    default_tool_meta: parts.defaultToolMeta ?? maybe(fc.option(toolMeta(), { nil: null }), 3),
    vrl: maybe(fc.option(fc.constantFrom(".x = 1", ""), { nil: null }), 2),
    server_parameters: parts.serverParameters ?? PARAMETERS[type](),
  });
}

export const stdioConfig = (parts?: ConfigParts): Arbitrary<JsonObject> => configOf("stdio", parts);
export const streamableConfig = (parts?: ConfigParts): Arbitrary<JsonObject> => configOf("streamable", parts);
export const sseConfig = (parts?: ConfigParts): Arbitrary<JsonObject> => configOf("sse", parts);

/** A valid config of any transport, stdio most often (it carries args and env). */
export function validServerConfig(parts?: ConfigParts): Arbitrary<JsonObject> {
  return fc.oneof(
    { weight: 2, arbitrary: stdioConfig(parts) },
    { weight: 1, arbitrary: streamableConfig(parts) },
    { weight: 1, arbitrary: sseConfig(parts) },
  );
}
