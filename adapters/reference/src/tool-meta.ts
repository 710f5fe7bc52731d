/**
 * ToolMeta (seeds/002 §5) and its merge (computer-mcp-config-guide.md §合并策略): shallow, a
 * tool's non-null fields override the default's, a null keeps the default, lists are replaced.
 * Merged metas are compared with null-valued fields left out, so SDK models that print every
 * field as null and ones that omit them compare equal.
 */
import { checkFields, type FieldRule } from "./field-checks.ts";
import { ACCEPTED, isPlainObject, type JsonObject, type Verdict } from "./types.ts";

const TOOL_META: FieldRule[] = [
  { key: "auto_apply", kind: "boolean", nullable: true },
  { key: "ret_object_mapper", kind: "object", nullable: true },
  { key: "alias", kind: "string", nullable: true },
  { key: "tags", kind: "stringList", nullable: true },
];

export function validateToolMeta(meta: unknown, where: string): Verdict {
  if (!isPlainObject(meta)) return { accepted: false, reason: "config.invalid_tool_meta", detail: `${where} must be an object` };
  return (
    checkFields(`${where}.`, meta, TOOL_META, { missing: "config.invalid_tool_meta", wrongType: "config.invalid_tool_meta" }) ?? ACCEPTED
  );
}

function withoutNulls(meta: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== null));
}

/** null when neither a default nor a tool entry exists ("then there is no ToolMeta"). */
export function mergeToolMeta(defaultMeta: JsonObject | null, toolMeta: JsonObject | null): JsonObject | null {
  if (defaultMeta === null && toolMeta === null) return null;
  return { ...withoutNulls(defaultMeta ?? {}), ...withoutNulls(toolMeta ?? {}) };
}
