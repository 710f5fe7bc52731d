/**
 * The YAML frontmatter of a SKILL.md: a first line "---", the YAML block, a closing "---" line.
 * No version of YAML is named upstream; the kit reads YAML 1.2 with the core schema, so yes / no /
 * on / off and dates stay strings. A missing fence, a YAML error or a non-mapping gives no frontmatter.
 */
import { parse } from "yaml";
import { isPlainObject } from "./types.ts";

const FENCE = "---";

/** The frontmatter mapping of a SKILL.md text, or undefined when it has none. */
export function readFrontmatter(skillMd: string): Record<string, unknown> | undefined {
  const lines = skillMd.split(/\r\n|\r|\n/); // YAML's line breaks (b-break); the yaml package misses a lone CR
  if (lines[0] !== FENCE) return undefined;
  const close = lines.indexOf(FENCE, 1);
  if (close < 0) return undefined;
  let value: unknown;
  try {
    value = parse(lines.slice(1, close).join("\n"), { version: "1.2", schema: "core" });
  } catch {
    return undefined;
  }
  return isPlainObject(value) ? value : undefined;
}
