/**
 * SMCPTool.meta on the wire (data-structures.md §SMCPTool.meta 序列化规范): attribute values are
 * simple (string, boolean, number, list of strings); every complex structure, a2c_tool_meta among
 * them, travels as JSON text. Shared by the `tool_meta.wire` operation and the live Computer's
 * get_tools, so both write the same form.
 */
import type { Json, JsonObject } from "../src/index.ts";

export function wireMeta(meta: JsonObject): JsonObject {
  const simple = (v: Json) => v === null || typeof v !== "object" || (Array.isArray(v) && v.every((item) => typeof item === "string"));
  return Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, k !== "a2c_tool_meta" && simple(v) ? v : JSON.stringify(v)]));
}
