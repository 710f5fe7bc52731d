// The table of sets (harness/diff/list-order.ts) names only lists the operations define: a renamed
// fact or a new op schema cannot leave an entry pointing at nothing.
import { describe, expect, it } from "vitest";
import { isUnorderedList, UNORDERED_LISTS } from "../../harness/diff/list-order.ts";
import { opDefinition } from "../../harness/model/operations.ts";

type Schema = { type?: unknown; description?: string; properties?: Record<string, Schema>; additionalProperties?: unknown; items?: Schema };

/** The schema at `pattern` and the nearest schema on the way that describes its children in prose only. */
function resolve(root: Schema, pattern: string): { at?: Schema; prose?: string } {
  let here: Schema | undefined = root;
  let prose: string | undefined;
  for (const token of pattern.split("/").slice(1)) {
    if (!here) break;
    if (!here.properties && typeof here.additionalProperties !== "object") return { prose: here.description };
    prose = here.description;
    here = token === "*" ? (here.additionalProperties as Schema | undefined) : here.properties?.[token];
  }
  return { at: here, prose };
}

describe("the table of unordered lists", () => {
  it("names, for each operation, lists its expected schema defines (or its prose names)", () => {
    for (const [op, patterns] of Object.entries(UNORDERED_LISTS)) {
      const schema = opDefinition(op)?.expected as Schema | undefined;
      expect(schema, op).toBeDefined();
      for (const pattern of patterns) {
        const { at, prose } = resolve(schema!, pattern);
        if (at) expect(at.type === "array" || (Array.isArray(at.type) && at.type.includes("array")), `${op} ${pattern}`).toBe(true);
        else expect(prose ?? "", `${op} ${pattern}`).toContain(pattern.split("/").at(-1));
      }
    }
  });

  it("matches pointers token by token, `*` any one token", () => {
    expect(isUnorderedList("wire.computer", "/steps/get_tools/tool_names")).toBe(true);
    expect(isUnorderedList("wire.computer", "/steps/get_tools/tool_names/0")).toBe(false);
    expect(isUnorderedList("wire.computer", "/events_after_join")).toBe(false);
    expect(isUnorderedList("wire.agent", "/requests/client:tool_call/tool_names")).toBe(false);
    expect(isUnorderedList(undefined, "/steps/get_tools/tool_names")).toBe(false);
  });
});
