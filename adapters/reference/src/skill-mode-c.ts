/**
 * Mode C SKILLs in a skill:// listing (skill.md §3, mode C 可注册形状): a root is a resource with
 * _meta.source "resources"; its children sit under "<root>/" and are staged at the URI path minus
 * that prefix, at any depth; a root registers only with a child at exactly <root>/SKILL.md.
 */
import { isPlainObject, type JsonObject } from "./types.ts";
import { compareCodePoints } from "./unicode.ts";

export interface SkillResource {
  readonly uri: string;
  readonly name?: string;
  readonly mimeType?: string;
  readonly _meta?: JsonObject | null;
}

export interface ModeCSkill {
  readonly root: string;
  readonly skill_md: string;
  /** child URI -> staging path relative to the SKILL's staging folder */
  readonly staged: Record<string, string>;
}

export interface ModeCListing {
  readonly skills: ModeCSkill[];
  readonly not_registrable: Array<{ readonly root: string; readonly reason: "skill.missing_skill_md" }>;
}

const SKILL_SCHEME = "skill://";
const SKILL_MD = "SKILL.md";

export function modeCSkills(resources: readonly SkillResource[]): ModeCListing {
  const uris = [...new Set(resources.filter((r) => r.uri.startsWith(SKILL_SCHEME)).map((r) => r.uri))];
  const roots = [...new Set(resources.filter((r) => r.uri.startsWith(SKILL_SCHEME) && isModeCRoot(r)).map((r) => r.uri))].sort(
    compareCodePoints,
  );
  const skills: ModeCSkill[] = [];
  const notRegistrable: ModeCListing["not_registrable"] = [];
  for (const root of roots) {
    const staged: Record<string, string> = {};
    for (const uri of uris) {
      const relative = uri.startsWith(`${root}/`) ? uri.slice(root.length + 1) : "";
      if (relative !== "") staged[uri] = relative;
    }
    const skillMd = `${root}/${SKILL_MD}`;
    if (Object.hasOwn(staged, skillMd)) skills.push({ root, skill_md: skillMd, staged });
    else notRegistrable.push({ root, reason: "skill.missing_skill_md" });
  }
  return { skills, not_registrable: notRegistrable };
}

function isModeCRoot(resource: SkillResource): boolean {
  return isPlainObject(resource._meta) && resource._meta["source"] === "resources";
}
