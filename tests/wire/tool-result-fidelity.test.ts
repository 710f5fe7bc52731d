// The client:tool_call relay judged whole (issue 43, item 1): what the MCP server gave against the
// ack, every change either allowed by a rule the spec states or left unexplained.
import { describe, expect, it } from "vitest";
import { toolListFidelity } from "../../harness/wire/tool-list-fidelity.ts";
import { givenToolResults, structuralChanges, toolResultFidelity } from "../../harness/wire/tool-result-fidelity.ts";
import { listedRecord } from "./listed-record.ts";

const given = (result: unknown) => ({ server: "inv", tool: "get_inventory", at_ms: 1, result });
const text = { type: "text", text: "7 in stock" };

describe("structural changes", () => {
  it("names every key added, removed or changed, arrays index by index, leaves by value", () => {
    expect(structuralChanges({ a: 1, b: [1, 2], c: { d: "x" } }, { a: 2, b: [1], c: { d: "x", e: null } })).toEqual([
      { path: "/a", kind: "changed", given: 1, received: 2 },
      { path: "/b/1", kind: "removed", given: 2 },
      { path: "/c/e", kind: "added", received: null },
    ]);
    expect(structuralChanges({ "a/b": 1 }, {})).toEqual([{ path: "/a~1b", kind: "removed", given: 1 }]);
    expect(structuralChanges({ x: [1, { y: 2 }] }, { x: [1, { y: 2 }] })).toEqual([]);
  });
});

describe("the tool_call relay", () => {
  it("takes an upstream result-level _meta moved whole to meta as a reading of an open point, not unexplained", () => {
    const upstream = { content: [text], _meta: { "com.example/r": "r-1" } };
    const moved = toolResultFidelity(given(upstream), { content: [text], meta: { "com.example/r": "r-1", a2c_x: true } });
    expect(moved.changes.map((c) => [c.path, c.kind, c.open !== undefined, c.allowed_by ?? null])).toEqual([
      ["/_meta", "removed", true, null],
      ["/meta", "added", true, null],
    ]);
    expect(moved.unexplained).toEqual([]);
    // Re-serialised with its keys in another order: still the same value.
    const nested = { content: [text], _meta: { r: { b: 1, a: 2 } } };
    expect(toolResultFidelity(given(nested), { content: [text], meta: { r: { a: 2, b: 1 } } }).unexplained).toEqual([]);
    // Dropped, or carried with another value: unexplained.
    expect(toolResultFidelity(given(upstream), { content: [text] }).unexplained).toEqual(["/_meta"]);
    expect(toolResultFidelity(given(upstream), { content: [text], meta: { "com.example/r": "other" } }).unexplained).toEqual([
      "/_meta",
      "/meta",
    ]);
  });

  it("passed on as is: nothing to explain", () => {
    const result = { content: [text], structuredContent: { n: 7 } };
    expect(toolResultFidelity(given(result), structuredClone(result))).toEqual({
      given: result,
      given_missing: null,
      changes: [],
      unexplained: [],
    });
  });

  it("allows the result-level markers under meta, and isError false for an absent isError; not a null, a rename or a drop", () => {
    const f = toolResultFidelity(given({ content: [{ ...text, _meta: { k: 1 } }], structuredContent: { n: 7 } }), {
      content: [{ ...text, meta: { k: 1 }, annotations: null }],
      isError: false,
      meta: { a2c_tool_meta: { auto_apply: true } },
    });
    expect(f.changes.map((c) => [c.path, c.kind, c.allowed_by ?? null])).toEqual([
      ["/content/0/_meta", "removed", null],
      ["/content/0/meta", "added", null],
      ["/content/0/annotations", "added", null],
      ["/structuredContent", "removed", null],
      ["/isError", "added", "MCP schema: CallToolResult.isError defaults to false"],
      ["/meta", "added", "data-structures/calltoolresult-markers/2"],
    ]);
    expect(f.unexplained).toEqual(["/content/0/_meta", "/content/0/meta", "/content/0/annotations", "/structuredContent"]);
    // A meta key that is no A2C marker is no marker.
    expect(toolResultFidelity(given({ content: [text] }), { content: [text], meta: { other: 1 } }).unexplained).toEqual(["/meta"]);
    // isError true where the server said nothing is a change.
    expect(toolResultFidelity(given({ content: [text] }), { content: [text], isError: true }).unexplained).toEqual(["/isError"]);
  });

  it("allows the blob offload of an item that carries a handle, and only there", () => {
    const image = { type: "image", data: "AAAA", mimeType: "image/png" };
    const handle = { a2c_blob_handle: "h", a2c_total_size: 3, a2c_sha256: "00" };
    const offloaded = toolResultFidelity(given({ content: [text, image] }), { content: [text, { ...image, data: "", _meta: handle }] });
    expect(offloaded.unexplained).toEqual([]);
    expect(offloaded.changes.map((c) => c.allowed_by)).toEqual(["events/client-tool-call/9", "events/client-tool-call/9"]);
    // Emptied without a handle: the bytes are simply gone.
    expect(toolResultFidelity(given({ content: [image] }), { content: [{ ...image, data: "" }] }).unexplained).toEqual(["/content/0/data"]);
    // A handle does not excuse a changed MIME type.
    expect(
      toolResultFidelity(given({ content: [image] }), { content: [{ ...image, data: "", mimeType: "image/jpeg", _meta: handle }] })
        .unexplained,
    ).toEqual(["/content/0/mimeType"]);
  });

  it("a terminal result (cancelled, timed out) relays nothing; a call the record lacks says so", () => {
    const cancelled = { content: [{ type: "text", text: "cancelled" }], isError: true, meta: { a2c_cancelled: true } };
    expect(toolResultFidelity(given({ content: [text] }), cancelled)).toMatchObject({
      given: null,
      given_missing: "terminal",
      unexplained: [],
    });
    expect(toolResultFidelity(undefined, { content: [text] })).toMatchObject({ given: null, given_missing: "no_call" });
    expect(toolResultFidelity({ ...given(null), missing: "cut" }, { content: [text] })).toMatchObject({ given_missing: "cut" });
  });
});

describe("what the MCP server gave, read from its record", () => {
  const exchange = (t_ms: number, id: number, tool: string, body: string, cut?: number) => ({
    t_ms,
    rpc: [{ kind: "request", method: "tools/call", id, tool }],
    response_text: { text: body, bytes: body.length, ...(cut ? { cut } : {}) },
  });
  it("parses SSE frames and plain JSON, keeps arrival order across servers, and marks a cut body", () => {
    const sse = `event: message\ndata: {"result":{"content":[{"type":"text","text":"a"}]},"jsonrpc":"2.0","id":2}\n\n`;
    const plain = `{"jsonrpc":"2.0","id":5,"result":{"content":[]}}`;
    const found = givenToolResults({
      b: { exchanges: [exchange(30, 5, "get_price", plain)] },
      a: { exchanges: [exchange(10, 2, "get_inventory", sse), exchange(50, 3, "get_inventory", "event: message\ndata: {", 900)] },
    });
    expect(found.map((g) => [g.server, g.tool, g.missing ?? null])).toEqual([
      ["a", "get_inventory", null],
      ["b", "get_price", null],
      ["a", "get_inventory", "cut"],
    ]);
    expect(found[0]!.result).toEqual({ content: [{ type: "text", text: "a" }] });
    expect(found[1]!.result).toEqual({ content: [] });
  });
});

describe("the tools relay: each offered tool against the spec's projection of its definition", () => {
  const listed = (tools: unknown[]) => listedRecord("tools/list", "tools", tools);
  const definition = {
    name: "get_record",
    title: "Get a record",
    description: "one record",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    _meta: { "com.example/owner": "kit" },
  };
  const offered = {
    name: "rec__get_record",
    bundle_id: "rec",
    description: "one record",
    params_schema: { type: "object", properties: {} },
    return_schema: null,
    meta: { "com.example/owner": "kit", MCP_TOOL_ANNOTATION: '{"readOnlyHint":true}', a2c_tool_meta: '{"auto_apply":true}' },
  };

  it("the projection itself explains nothing away: title has no slot, the annotations are present, a2c_tool_meta is the Computer's", () => {
    expect(toolListFidelity(listed([definition]), { tools: [offered] })).toMatchObject({
      given_missing: null,
      changes: [],
      unexplained: [],
    });
  });

  it("a dropped native _meta key, a changed schema, an extra key are unexplained; a different annotation value is not decided", () => {
    const { "com.example/owner": _dropped, ...meta } = offered.meta;
    const f = toolListFidelity(listed([definition]), {
      tools: [
        {
          ...offered,
          title: "Get a record",
          params_schema: { type: "object" },
          meta: { ...meta, MCP_TOOL_ANNOTATION: '{"readOnlyHint":true,"title":null}' },
        },
      ],
    });
    expect(f.unexplained).toEqual(["/tools/0/title", "/tools/0/params_schema/properties", "/tools/0/meta/com.example~1owner"]);
    expect(f.changes.find((c) => c.path === "/tools/0/meta/MCP_TOOL_ANNOTATION/title")?.allowed_by).toMatch(
      /^data-structures\/meta-namespaces\/2/,
    );
  });

  it('reads a meta value as JSON only where the spec serialises a structure: a native string such as "0" stays a string (found by the wire fuzz)', () => {
    const native = { ...definition, _meta: { "com.example/n": "0", "com.example/o": { a: 1 }, "com.example/z": null } };
    // null: one of the page's two AttributeValue definitions keeps it, the other serialises it; both read alike.
    const meta = { ...offered.meta, "com.example/n": "0", "com.example/o": '{"a":1}', "com.example/z": "null" };
    delete (meta as Record<string, unknown>)["com.example/owner"];
    expect(toolListFidelity(listed([native]), { tools: [{ ...offered, meta }] }).unexplained).toEqual([]);
    // A native number sent as its JSON text: the page is silent on serialising scalars, so open, not unexplained.
    const numeric = { ...definition, _meta: { "com.example/k": 0 } };
    const asText = toolListFidelity(listed([numeric]), { tools: [{ ...offered, meta: { ...offered.meta, "com.example/k": "0" } }] });
    expect(asText.changes.filter((c) => c.path.endsWith("com.example~1k")).map((c) => c.open !== undefined)).toEqual([true]);
    // The string "0" sent as the number 0: a change, even though "0" reads as JSON.
    expect(toolListFidelity(listed([native]), { tools: [{ ...offered, meta: { ...meta, "com.example/n": 0 } }] }).unexplained).toEqual([
      "/tools/0/meta/com.example~1n",
    ]);
  });

  it("a tool not offered is not judged here; no tools/list in the record says so", () => {
    expect(toolListFidelity(listed([definition]), { tools: [] }).unexplained).toEqual([]);
    expect(toolListFidelity({}, { tools: [offered] })).toMatchObject({ given: null, given_missing: "no_call" });
  });
});

describe("the tools relay, where the definition gives nothing to carry in meta", () => {
  const plain = { name: "get_record", description: "one record", inputSchema: { type: "object" } };
  const list = {
    inv: {
      exchanges: [
        {
          t_ms: 1,
          rpc: [{ kind: "request", method: "tools/list", id: 1 }],
          response_text: { text: JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: [plain] } }), bytes: 1 },
        },
      ],
    },
  };
  const offered = {
    name: "rec__get_record",
    bundle_id: "rec",
    description: "one record",
    params_schema: { type: "object" },
    return_schema: null,
  };
  it("meta absent, null or empty is nothing changed; a key in it is unexplained", () => {
    for (const meta of [undefined, null, {}]) expect(toolListFidelity(list, { tools: [{ ...offered, meta }] }).unexplained).toEqual([]);
    expect(toolListFidelity(list, { tools: [{ ...offered, meta: { invented: "x" } }] }).unexplained).toEqual(["/tools/0/meta/invented"]);
  });
});
