/**
 * ToolMeta (seeds/002 §5) and its merge (computer-mcp-config-guide.md §合并策略): shallow, a
 * tool's non-null fields override the default's, a null keeps the default, lists are replaced.
 * Merged metas are compared with null-valued fields left out, so SDK models that print every
 * field as null and ones that omit them compare equal.
 */
import { checkFields, type FieldRule } from "./field-checks.ts";
import { ACCEPTED, isPlainObject, type Json, type JsonObject, type Verdict } from "./types.ts";

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

/** The ToolMeta fields, in the order the wire form lists them (data-structures.md §SMCPTool.meta 序列化规范). */
export const TOOL_META_FIELDS = ["auto_apply", "alias", "tags", "ret_object_mapper"] as const;

export interface ReconciledMeta {
  /** The tool's final _meta: native keys kept, a2c_tool_meta the canonical object or absent. */
  readonly meta: JsonObject;
  readonly diagnostics: ReadonlyArray<{ readonly reason: "tool_meta.malformed_declaration" }>;
}

/** A server declaration is usable when it is an object whose tags, if set, is a list of strings. */
function declaredTags(declaration: unknown): { readonly valid: boolean; readonly tags: Json } {
  if (!isPlainObject(declaration)) return { valid: false, tags: null };
  const tags = declaration["tags"];
  if (tags === undefined || tags === null) return { valid: true, tags: null };
  const valid = Array.isArray(tags) && tags.every((t) => typeof t === "string");
  return { valid, tags: valid ? tags : null };
}

/** Every field present, null when unset; extra fields a config layer carries are not part of it. */
function canonical(layers: ReadonlyArray<JsonObject | null>): JsonObject {
  return Object.fromEntries(TOOL_META_FIELDS.map((f) => [f, layers.map((l) => l?.[f]).find((v) => v !== undefined && v !== null) ?? null]));
}

/**
 * The three-layer reconcile (data-structures.md §ToolMeta 三层合并规则, 0.4.0): tool_meta[tool] >
 * default_tool_meta > the server's declaration, of which only tags counts. It runs for every tool:
 * a valid declaration always writes the canonical object; a malformed one is dropped with a
 * diagnostic, leaving the config's value, or no key when there is no config. A config layer counts
 * as present when it is an object (an empty one too: the spec leaves that open).
 */
export function reconcileToolMeta(
  declaredMeta: JsonObject | undefined,
  defaultMeta: JsonObject | null,
  toolMeta: JsonObject | null,
): ReconciledMeta {
  const { a2c_tool_meta: declaration, ...native } = declaredMeta ?? {};
  const declared = declaredMeta !== undefined && Object.hasOwn(declaredMeta, "a2c_tool_meta");
  const server = declared ? declaredTags(declaration) : { valid: false, tags: null };
  const configured = defaultMeta !== null || toolMeta !== null;
  const diagnostics = declared && !server.valid ? [{ reason: "tool_meta.malformed_declaration" as const }] : [];
  if (!configured && !server.valid) return { meta: native, diagnostics };
  const serverLayer = server.valid ? { tags: server.tags } : null;
  return { meta: { ...native, a2c_tool_meta: canonical([toolMeta, defaultMeta, serverLayer]) }, diagnostics };
}
