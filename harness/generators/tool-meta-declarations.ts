/**
 * `tool_meta.reconcile` / `tool_meta.wire` inputs: a tool's native _meta with a server declaration
 * (a2c_tool_meta) that is valid (tags a list of strings, null or absent, with fields outside the
 * whitelist beside it) or malformed (not an object, tags not a list of strings), under config
 * layers that are absent, empty or set.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import { maybe, objectOf } from "./objects.ts";
import { toolMeta } from "./tool-meta.ts";

const tag = (): Arbitrary<string> => fc.constantFrom("read", "write", "", "net", "\u00E9", "a");

/** A declaration the reconcile must accept: tags a list of strings (or unset), other fields filtered. */
function validDeclaration(): Arbitrary<JsonObject> {
  return objectOf({
    tags: maybe(fc.oneof({ weight: 4, arbitrary: fc.array(tag(), { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constant(null) }), 6),
    auto_apply: maybe(fc.boolean(), 3),
    alias: maybe(fc.constantFrom("x", ""), 2),
    x_vendor: maybe(fc.constant(1), 1),
  });
}

/** A declaration the reconcile must drop: not an object, or tags that is not a list of strings. */
function malformedDeclaration(): Arbitrary<Json> {
  return fc.oneof(
    fc.constantFrom<Json>("read", 5, ["read"], true, '{"tags":["read"]}'),
    fc.constantFrom<Json>("read", 1, { a: "b" }, true).map((tags) => ({ tags })),
    fc
      .array(fc.oneof(tag(), fc.constantFrom<Json>(1, null, ["x"])), { minLength: 1, maxLength: 3 })
      .filter((tags) => tags.some((t) => typeof t !== "string"))
      .map((tags) => ({ tags })),
  );
}

/** Native _meta keys beside the declaration: strings, numbers and objects must all stay as they are. */
function nativeKeys(): Arbitrary<JsonObject> {
  return objectOf({
    custom_key: maybe(fc.constantFrom("v", ""), 4),
    count: maybe(fc.constantFrom(1, 0), 2),
    "io.example/trace": maybe(fc.constant({ level: 2 }), 2),
  });
}

export function declaredMeta(): Arbitrary<JsonObject> {
  return fc
    .tuple(
      nativeKeys(),
      fc.oneof(
        { weight: 4, arbitrary: validDeclaration() },
        { weight: 2, arbitrary: malformedDeclaration() },
        { weight: 1, arbitrary: fc.constant<Json | undefined>(undefined) },
      ),
    )
    .map(([native, declaration]) => (declaration === undefined ? native : { ...native, a2c_tool_meta: declaration }));
}

const layer = (): Arbitrary<JsonObject | null> =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant({}) }, { weight: 3, arbitrary: toolMeta() });

export function toolMetaReconcileInput(): Arbitrary<JsonObject> {
  return objectOf({
    tool: fc.constantFrom("tool", "safe_read"),
    declared_meta: maybe(declaredMeta(), 6),
    default_tool_meta: layer(),
    tool_meta: layer(),
  });
}
