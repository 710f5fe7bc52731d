/**
 * `skill.mode_c` inputs: one server's skill:// listing with mode C roots and the children around
 * them: SKILL.md one level down, deeper, in the wrong case or missing; package files at any depth;
 * a sibling whose URI merely starts with the root's; a child that wrongly declares source; roots
 * of the other modes; resources of another scheme; escaped names; root name and mimeType that
 * differ from the folder.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import { constantJson, dropAbsent, maybe } from "./objects.ts";

const ROOTS = [
  "skill://com.example.skills/csv-aggregator",
  "skill://com.example.skills/csv-aggregator",
  "skill://com.example.skills/code-review",
  "skill://other.host/csv-aggregator",
];
const CHILD_PATHS = [
  "SKILL.md",
  "SKILL.md",
  "SKILL.md",
  "SKILL.md",
  "scripts/run.py",
  "references/guide.md",
  "assets/logo.png",
  "docs/SKILL.md",
  "skill.md",
  "a/b/c/d.txt",
  "my%20file.md",
  "nested",
  "nested/SKILL.md",
];
const ROOT_METAS: Json[] = [
  { source: "resources" },
  { source: "resources" },
  { source: "resources", version: "1.2.0" },
  { source: "resources" },
  { source: "archive", archive_uri: "https://cdn.example.com/s.tar.gz", archive_format: "tar.gz" },
  { source: "mounted", mount_dir: "/srv/skills/s" },
];
const CHILD_METAS: Json[] = [null, {}, { version: "1.2.0" }, { source: "resources" }];

/** A resource under one of the roots: a child, the root itself, or a look-alike sibling. */
function resource(): Arbitrary<JsonObject> {
  return fc
    .tuple(
      fc.constantFrom(...ROOTS),
      fc.constantFrom("child", "child", "child", "child", "root", "sibling", "foreign"),
      fc.constantFrom(...CHILD_PATHS),
      maybe(constantJson(...CHILD_METAS), 3),
      maybe(constantJson(...ROOT_METAS), 9),
    )
    .map(([root, role, path, childMeta, rootMeta]) => {
      switch (role) {
        case "root":
          return dropAbsent({ uri: root, name: "any-name", mimeType: "inode/directory", _meta: rootMeta });
        case "sibling":
          return dropAbsent({ uri: `${root}-v2/${path}`, _meta: childMeta });
        case "foreign":
          return dropAbsent({ uri: `window://com.example.skills/${path}`, _meta: childMeta });
        default:
          return dropAbsent({ uri: `${root}/${path}`, _meta: childMeta });
      }
    });
}

/** A root declaration, mostly mode C. */
function root(): Arbitrary<JsonObject> {
  return fc
    .tuple(fc.constantFrom(...ROOTS), maybe(constantJson(...ROOT_METAS), 9))
    .map(([uri, meta]) => dropAbsent({ uri, name: "any-name", mimeType: "inode/directory", _meta: meta }));
}

export function modeCListing(): Arbitrary<JsonObject> {
  return fc
    .tuple(fc.array(root(), { minLength: 1, maxLength: 2 }), fc.array(resource(), { maxLength: 7 }), fc.boolean())
    .map(([roots, others, rootsFirst]) => ({ resources: rootsFirst ? [...roots, ...others] : [...others, ...roots] }));
}
