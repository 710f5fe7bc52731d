/**
 * `skill.ref` inputs: a user drop-in or an MCP SKILL whose folder (or root URI leaf) is a strict
 * kebab word, a SKILL.md whose frontmatter name matches it, differs, is not kebab or is missing,
 * with or without a description; for MCP a server named like a display name (spaces, CJK, symbols)
 * with or without an explicit bundle_id, so the <server> segment meets derivation and its fallback.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";

const DIRS = ["audit", "code-review", "my-helper", "x9"];
const DISPLAY = ["Tools (display)", "tfrobot-tools", "工具", "!!!", "my server", "kit"];
const IDS = ["tools_a", "kit", "Git-Hub"];

const skillMd = (dir: string): Arbitrary<string> =>
  fc.tuple(fc.constantFrom(dir, "other-name", "Not Kebab", null), fc.constantFrom("Does a thing.", "", null)).map(([name, description]) => {
    const lines = ["---"];
    if (name !== null) lines.push(`name: ${name}`);
    if (description !== null) lines.push(`description: ${JSON.stringify(description)}`);
    return [...lines, "---", "Body.", ""].join("\n");
  });

const server = (): Arbitrary<JsonObject> =>
  fc
    .tuple(fc.constantFrom(...DISPLAY), fc.option(fc.constantFrom(...IDS), { nil: undefined }))
    .map(([name, bundleId]): JsonObject => (bundleId === undefined ? { name } : { name, bundle_id: bundleId }));

export function skillRefInput(): Arbitrary<JsonObject> {
  return fc.constantFrom(...DIRS).chain((dir) =>
    fc.oneof(
      skillMd(dir).map((md): JsonObject => ({ source: "user", dir, skill_md: md })),
      fc.tuple(skillMd(dir), server()).map(([md, srv]): JsonObject => ({ source: "mcp", dir, skill_md: md, server: srv })),
    ),
  );
}
