/** ToolMeta objects and per-tool maps, with the falsy values a truthiness merge gets wrong. */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { plainMap } from "./maps.ts";
import { toolName } from "./names.ts";
import { maybe, objectOf } from "./objects.ts";
import { trickyString } from "./strings.ts";

/** Aliases: "" and names that contain `__` or collide with other tools' names. */
export function toolAlias(): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("search", "find", "", "a__b", "web_search") },
    { weight: 1, arbitrary: trickyString({ maxLength: 5 }) },
  );
}

const orNull = <T>(value: Arbitrary<T>): Arbitrary<T | null> => fc.option(value, { nil: null, freq: 4 });

/**
 * A valid ToolMeta: every field optional and nullable; false, "" and [] appear often because a
 * merge that tests truthiness instead of null drops them.
 */
export function toolMeta(): Arbitrary<JsonObject> {
  return objectOf({
    auto_apply: maybe(orNull(fc.boolean())),
    ret_object_mapper: maybe(
      orNull(plainMap(fc.constantFrom("id", "name", "", "a.b"), fc.constantFrom("uid", "title", ""), { maxKeys: 2 })),
      3,
    ),
    alias: maybe(orNull(toolAlias())),
    tags: maybe(orNull(fc.array(fc.constantFrom("read-only", "", "net", "\u00E9"), { maxLength: 3 }))),
  });
}

/** A config's `tool_meta`: tool name → ToolMeta. */
export function toolMetaMap(): Arbitrary<Record<string, JsonObject>> {
  return plainMap(toolName(), toolMeta(), { maxKeys: 3 });
}
