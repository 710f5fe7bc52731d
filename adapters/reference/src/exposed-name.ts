/** exposed_tool_name = bundle_id + "__" + (alias ?? original tool name) (data-structures.md). */
import { requireWellFormed } from "./unicode.ts";

export function exposedToolName(bundleId: string, toolName: string, alias?: string | null): string {
  const part = alias ?? toolName;
  return `${requireWellFormed(bundleId, "bundle_id")}__${requireWellFormed(part, alias == null ? "tool_name" : "alias")}`;
}
