/**
 * The identity part of the A2CSkillRef a Computer registers for one user or MCP SKILL (skill.md
 * §1.2, §1.3, §2 "URI only for the MCP source"; data-structures.md §A2CSkillRef): a user drop-in
 * is named by its folder (one bare segment) with source "user" and no uri; an MCP SKILL is
 * mcp:<bundle_id>:<frontmatter name> with source mcp:<bundle_id> (the bundle_id as resolved, never
 * the display name) and its root resource's skill:// URI as uri.
 */
import { resolveBundleId } from "./bundle-id.ts";
import { readFrontmatter } from "./skill-frontmatter.ts";
import { registers } from "./skill-tags.ts";

export interface SkillRefRequest {
  readonly source: "user" | "mcp";
  readonly dir: string;
  readonly skill_md: string;
  readonly server?: { readonly name: string; readonly bundle_id?: string };
}

export interface SkillRefIdentity {
  readonly name: string;
  readonly source: string;
  readonly uri?: string;
}

/** The stdio parameters of the operation's MCP server (never started); they take part in a fallback bundle_id. */
export const SKILL_REF_SERVER_PARAMETERS = Object.freeze({ command: "smcp-conformance-never-run", args: [], env: {} });

/** The mode C root the operation lists for an MCP SKILL (host "kit"). */
export const skillRootUri = (dir: string): string => `skill://kit/${dir}`;

export function skillRef(request: SkillRefRequest): { refs: SkillRefIdentity[] } {
  const frontmatter = readFrontmatter(request.skill_md);
  if (frontmatter === undefined) return { refs: [] };
  if (request.source === "user") {
    const description = frontmatter["description"];
    return { refs: typeof description === "string" && description !== "" ? [{ name: request.dir, source: "user" }] : [] };
  }
  if (!registers(frontmatter) || request.server === undefined) return { refs: [] };
  const { name, bundle_id } = request.server;
  const bundleId = resolveBundleId({
    name,
    type: "stdio",
    ...(bundle_id === undefined ? {} : { bundle_id }),
    server_parameters: SKILL_REF_SERVER_PARAMETERS,
  });
  const skill = String(frontmatter["name"]);
  return { refs: [{ name: `mcp:${bundleId}:${skill}`, source: `mcp:${bundleId}`, uri: skillRootUri(request.dir) }] };
}
