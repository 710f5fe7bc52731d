/**
 * A2CSkillRef.tags from SKILL.md frontmatter (skill.md §1.5 tags note, §6; data-structures.md
 * §A2CSkillRef): a list of strings is copied unchecked; any other value leaves the field out with a
 * diagnostic, and never keeps the SKILL from registering.
 */
import { readFrontmatter } from "./skill-frontmatter.ts";

const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NAME = 64;

export interface SkillTags {
  readonly tags: string[] | null;
  readonly registered: boolean;
  readonly diagnostics: Array<{ readonly reason: "skill.tags_not_string_list" }>;
}

export function skillTags(skillMd: string): SkillTags {
  const frontmatter = readFrontmatter(skillMd);
  const registered = frontmatter !== undefined && registers(frontmatter);
  if (frontmatter === undefined || !Object.hasOwn(frontmatter, "tags")) return { tags: null, registered, diagnostics: [] };
  const tags = frontmatter["tags"];
  if (Array.isArray(tags) && tags.every((t) => typeof t === "string")) return { tags: [...tags], registered, diagnostics: [] };
  return { tags: null, registered, diagnostics: [{ reason: "skill.tags_not_string_list" }] };
}

/** The registry's own checks (skill.md §1.4-§1.5, marketplace §3.1): a strict-kebab name, a description. */
export function registers(frontmatter: Record<string, unknown>): boolean {
  const name = frontmatter["name"];
  const description = frontmatter["description"];
  return (
    typeof name === "string" && SKILL_NAME.test(name) && name.length <= MAX_NAME && typeof description === "string" && description !== ""
  );
}
