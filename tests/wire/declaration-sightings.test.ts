import { describe, expect, it } from "vitest";
import { declarationSightings, isMalformedDeclaration, malformedDeclarationTexts } from "../../harness/wire/declaration-sightings.ts";
import type { WirePacket } from "../../harness/wire/scene-record.ts";

const listed = (tools: unknown[]) => ({
  rec: {
    exchanges: [
      {
        t_ms: 1,
        rpc: [{ kind: "request", method: "tools/list", id: 1 }],
        response_text: { text: JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools } }), bytes: 1 },
      },
    ],
  },
});

const tools = [
  { name: "safe_read", _meta: { custom_key: "v", a2c_tool_meta: { tags: "kit-raw-declared-tag-5e2b" } } },
  { name: "raw_note", _meta: { a2c_tool_meta: "kit-raw-declaration-string-9c41" } },
  { name: "fine", _meta: { a2c_tool_meta: { tags: ["kit-valid-declared-tag"] } } },
];

const packet = (dir: "in" | "out", args: unknown[], event = "client:get_tools"): WirePacket =>
  ({ seq: 1, t_ms: 1, dir, conn: "c", type: "ack", nsp: "/smcp", event, args }) as unknown as WirePacket;

describe("declaration sightings: a malformed ToolMeta declaration's text in what the Computer sent", () => {
  it("malformed is no object, or tags that are no list of strings", () => {
    expect(isMalformedDeclaration("x")).toBe(true);
    expect(isMalformedDeclaration([])).toBe(true);
    expect(isMalformedDeclaration({ tags: "read" })).toBe(true);
    expect(isMalformedDeclaration({ tags: ["read", 1] })).toBe(true);
    expect(isMalformedDeclaration({ tags: ["read"], auto_apply: true })).toBe(false);
    expect(isMalformedDeclaration({})).toBe(false);
  });

  it("reads the malformed declarations from the servers' own tools/list answers, valid ones left out", () => {
    expect(malformedDeclarationTexts(listed(tools))).toEqual(["kit-raw-declared-tag-5e2b", "kit-raw-declaration-string-9c41"]);
    expect(malformedDeclarationTexts({})).toEqual([]);
  });

  it("finds them in packets the Computer sent only, wherever they are", () => {
    const sent = packet("in", [{ tools: [{ name: "rec__raw_note", meta: { a2c_tool_meta: "kit-raw-declaration-string-9c41" } }] }]);
    const error = packet(
      "in",
      [{ code: 500, message: "bad declaration", details: { raw: "tags=kit-raw-declared-tag-5e2b" } }],
      "client:tool_call",
    );
    const toComputer = packet("out", [{ note: "kit-raw-declared-tag-5e2b" }]);
    const valid = packet("in", [{ tools: [{ name: "rec__fine", meta: { a2c_tool_meta: '{"tags":["kit-valid-declared-tag"]}' } }] }]);
    expect(declarationSightings(listed(tools), [sent, error, toComputer, valid])).toEqual([
      "client:get_tools/0/tools/0/meta/a2c_tool_meta",
      "client:tool_call/0/details/raw",
    ]);
  });
});
