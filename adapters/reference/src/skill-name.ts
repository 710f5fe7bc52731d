/**
 * The SKILL name lexer (skill.md §1.4), the first check of client:get_skill (an invalid name is
 * 4016): the form by segment count (':' separates), then every segment by its position's rule.
 * user `<skill>`, marketplace `<plugin>:<skill>`: strict kebab of 1-64 characters; mcp
 * `mcp:<server>:<skill>`: the literal first segment mcp, a <server> that is a valid bundle_id (no
 * length bound), a strict-kebab <skill>.
 */
import { validateBundleId } from "./bundle-id.ts";

export type SkillNameKind = "user" | "marketplace" | "mcp";

export type SkillNameVerdict =
  | { readonly accepted: true; readonly kind: SkillNameKind }
  | { readonly accepted: false; readonly kind: null; readonly detail: string };

const STRICT_KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT = 64;

const isStrictKebab = (segment: string): boolean => segment.length <= MAX_SEGMENT && STRICT_KEBAB.test(segment);
const refuse = (detail: string): SkillNameVerdict => ({ accepted: false, kind: null, detail });

/** Whether `name` passes the lexer, and the form its segment count gives it. */
export function lexSkillName(name: string): SkillNameVerdict {
  const segments = name.split(":");
  switch (segments.length) {
    case 1:
      return isStrictKebab(segments[0]!)
        ? { accepted: true, kind: "user" }
        : refuse("a user name is one strict-kebab segment of 1-64 characters");
    case 2:
      return segments.every(isStrictKebab)
        ? { accepted: true, kind: "marketplace" }
        : refuse("<plugin> and <skill> are strict kebab of 1-64 characters");
    case 3: {
      const [head, server, skill] = segments as [string, string, string];
      if (head !== "mcp") return refuse("a 3-segment name starts with the literal mcp");
      if (!validateBundleId(server).accepted) return refuse("<server> is a valid bundle_id");
      return isStrictKebab(skill) ? { accepted: true, kind: "mcp" } : refuse("<skill> is strict kebab of 1-64 characters");
    }
    default:
      return refuse(`${segments.length} segments: a name has 1, 2 or 3`);
  }
}
