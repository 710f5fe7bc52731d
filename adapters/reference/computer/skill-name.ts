/**
 * The SKILL name lexer (skill.md §1.4): one segment (user), two (marketplace), or three with the
 * literal first segment `mcp` (mcp source); skill, plugin and leaf segments strict kebab of 1–64
 * characters, the mcp server segment a valid bundle_id. The reference library has no SKILL name
 * lexer of its own, so it lives here; the bundle_id rule is the library's validateBundleId.
 */
import { validateBundleId } from "../src/index.ts";

/** [a-z0-9-], not starting or ending with '-', no '--' (marketplace SKILL v1 §3.1, as skill.md §1.4 cites it). */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT = 64;

const kebab = (segment: string) => segment.length <= MAX_SEGMENT && KEBAB.test(segment);

function bundleId(segment: string): boolean {
  try {
    return validateBundleId(segment).accepted;
  } catch {
    return false; // a lone surrogate: not a well-formed bundle_id
  }
}

export function isSkillName(name: string): boolean {
  const segments = name.split(":");
  const [first = "", second = "", third = ""] = segments;
  switch (segments.length) {
    case 1:
      return kebab(first);
    case 2:
      return kebab(first) && kebab(second);
    case 3:
      return first === "mcp" && bundleId(second) && kebab(third);
    default:
      return false;
  }
}
