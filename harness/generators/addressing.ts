/**
 * `addressing.resolve` inputs: a small search space whose display names and bundle_ids overlap on
 * purpose (a name equal to its own bundle_id, to another entry's bundle_id, shared by two or three
 * entries, differing only by case, empty), mounted or only declared, and a token that is one of
 * those entries' names or ids, another candidate's id, a near miss, an illegal bundle_id, or empty;
 * with verb start, stop, other or none.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { maybe, objectOf } from "./objects.ts";

const NAMES = ["filesystem", "filesystem", "notes", "x", "fs_user", "Filesystem", "", "bundle_a3f9c2e1"];
const BUNDLE_IDS = ["filesystem", "fs_user", "bundle_a3f9c2e1", "notes", "x", "a", "b", "notes-2"];
const OWNERS = ["user", "project", "local", "plugin:fs-tools", "plugin:notes", "runtime"];
const ODD_TOKENS = ["FILESYSTEM", "filesystem ", "a__b", "my.api", "zzz", "", "nope"];

function entry(): Arbitrary<JsonObject> {
  return objectOf({
    bundle_id: fc.constantFrom(...BUNDLE_IDS),
    name: fc.constantFrom(...NAMES),
    owner: fc.constantFrom(...OWNERS),
    mounted: fc.boolean(),
  });
}

export function addressingInput(): Arbitrary<JsonObject> {
  return fc
    .tuple(
      fc.uniqueArray(entry(), { minLength: 1, maxLength: 5, selector: (e) => e["bundle_id"] }),
      fc.constantFrom("name", "name", "name", "id", "pool", "odd"),
      fc.nat(),
      fc.constantFrom(...NAMES, ...BUNDLE_IDS, ...ODD_TOKENS),
      maybe(fc.constantFrom("start", "stop", "other"), 6),
    )
    .map(([entries, source, pick, other, verb]): JsonObject => {
      const chosen = entries[pick % entries.length]!;
      const token = source === "name" ? chosen["name"]! : source === "id" ? chosen["bundle_id"]! : other;
      return typeof verb === "string" ? { token, entries, verb } : { token, entries };
    });
}
