/**
 * Plugin ids <plugin>@<marketplace> (runtime-contract.md §5 item 3, §6; conformance-tests.md §5).
 * Upstream fixes one '@' with a part on each side; the kit reads each part as strict kebab of at
 * most 64 characters (skill.md §1.4 asks that of the <plugin> segment of SKILL names).
 */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_PART = 64;

export interface PluginIdVerdict {
  readonly accepted: boolean;
  readonly detail?: string;
}

export function validatePluginId(pluginId: string): PluginIdVerdict {
  const parts = pluginId.split("@");
  if (parts.length !== 2) return { accepted: false, detail: `expected exactly one '@', found ${parts.length - 1}` };
  for (const [side, part] of [
    ["plugin", parts[0]!],
    ["marketplace", parts[1]!],
  ] as const) {
    if (part === "") return { accepted: false, detail: `the ${side} part is empty` };
    if (!KEBAB.test(part)) return { accepted: false, detail: `the ${side} part is not strict kebab [a-z0-9] words joined by single '-'` };
    if (part.length > MAX_PART) return { accepted: false, detail: `the ${side} part is longer than ${MAX_PART} characters` };
  }
  return { accepted: true };
}
