/**
 * Where a malformed ToolMeta declaration an MCP server listed shows in what the Computer sent
 * (conformance-tests.md §2.6: a malformed declaration raises no public error, and the errors and
 * diagnostics an Agent sees never hold its raw content; data-structures.md §ToolMeta 三层合并规则:
 * it is dropped, and with no configured value the a2c_tool_meta key is deleted). The declarations
 * are read from the MCP servers' own tools/list answers, so the vector names no text of its own.
 * Pure.
 */
import { canarySightings } from "./canary-scan.ts";
import type { WirePacket } from "./scene-record.ts";
import { givenResults } from "./tool-result-fidelity.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Malformed: not an object, or its tags not a list of strings (data-structures.md §ToolMeta 三层合并规则). */
export function isMalformedDeclaration(declaration: unknown): boolean {
  if (!isObject(declaration)) return true;
  const tags = declaration.tags;
  return tags !== undefined && tags !== null && !(Array.isArray(tags) && tags.every((t) => typeof t === "string"));
}

/** Every string of a value (keys included) long enough to be the declaration's own, not a common word. */
function ownTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.length >= 12) out.push(value);
  } else if (Array.isArray(value)) for (const item of value) ownTexts(item, out);
  else if (isObject(value))
    for (const [k, item] of Object.entries(value)) {
      if (k.length >= 12) out.push(k);
      ownTexts(item, out);
    }
  return out;
}

/** The texts of every malformed declaration the case's MCP servers listed (a tool's `_meta.a2c_tool_meta`). */
export function malformedDeclarationTexts(mcp: Readonly<Record<string, unknown>>): string[] {
  const texts = givenResults(mcp, "tools/list").flatMap((g) =>
    (isObject(g.result) && Array.isArray(g.result.tools) ? g.result.tools : [])
      .filter((t): t is Record<string, unknown> => isObject(t) && isObject(t._meta) && "a2c_tool_meta" in t._meta)
      .map((t) => (t._meta as Record<string, unknown>).a2c_tool_meta)
      .filter(isMalformedDeclaration)
      .flatMap((d) => ownTexts(d)),
  );
  return [...new Set(texts)];
}

/** Each place (`<event or packet type><JSON pointer>`) a malformed declaration's text shows in a packet the Computer sent. */
export function declarationSightings(mcp: Readonly<Record<string, unknown>>, packets: readonly WirePacket[]): string[] {
  return canarySightings(
    malformedDeclarationTexts(mcp),
    packets.filter((p) => p?.dir === "in"),
  );
}
