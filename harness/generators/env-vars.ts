/**
 * Env-var name identities `{input_id, bundle_id?, tool_name?}`: each segment present, null or
 * absent, and lists drawn from small pools so that different identities share a full name.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { validBundleId } from "./bundle-ids.ts";
import { inputId, toolName } from "./names.ts";
import { maybe, objectOf } from "./objects.ts";
import { rarelyLoneSurrogate, trickyString } from "./strings.ts";

const nullable = <T>(value: Arbitrary<T>): Arbitrary<T | null> => fc.option(value, { nil: null, freq: 5 });

/** One identity: segments with separators, case pairs and Unicode; rarely a lone surrogate. */
export function envVarTriple(): Arbitrary<JsonObject> {
  return objectOf({
    input_id: rarelyLoneSurrogate(inputId()),
    bundle_id: maybe(nullable(fc.oneof(validBundleId(), trickyString({ maxLength: 5 }))), 6),
    tool_name: maybe(nullable(toolName()), 4),
  });
}

/**
 * An identity from tiny pools where segment boundaries shift: ("a", "b_c") and ("a_b", "c") both
 * give A2C_SMCP_a_b_c; "a-b" / "a_b" / "a b" / "a.b" give one segment.
 */
export function collidingEnvIdentity(): Arbitrary<JsonObject> {
  return objectOf({
    input_id: fc.constantFrom("a", "a_b", "a-b", "a b", "\u00E9", "_"),
    bundle_id: maybe(fc.constantFrom("b_c", "c", "x-y", "x_y", "", null), 6),
    tool_name: maybe(fc.constantFrom("t", "t_u", "u", null), 3),
  });
}

/** A registration list: mostly colliding pool identities (repeats included), some free ones. */
export function envIdentityList(): Arbitrary<JsonObject[]> {
  return fc.array(fc.oneof({ weight: 3, arbitrary: collidingEnvIdentity() }, { weight: 1, arbitrary: envVarTriple() }), { maxLength: 6 });
}
