// Differences told as a person reads them (issue 45, item 1): a set as missing / extra, members that
// only moved as such, an object's keys as missing / extra, and the differences themselves untouched.
import { describe, expect, it } from "vitest";
import { diffExpected } from "../../harness/diff/compare.ts";
import { describeDifferences } from "../../harness/diff/story.ts";

const expected = {
  steps: { get_tools: { acked: true, tool_names: ["inv2__get_inventory", "inv__get_inventory"], tool_bundle_ids: ["inv2", "inv"] } },
};
const dropped = { steps: { get_tools: { acked: true, tool_names: ["inv__get_inventory"], tool_bundle_ids: ["inv"] } } };

describe("a case's differences told together", () => {
  it("a dropped tool reads as missing, not as two positions", () => {
    const diffs = diffExpected(expected, dropped);
    // The judge's differences are by position, as ever (pinned answers are built from them).
    expect(diffs.map((d) => d.path)).toEqual([
      "/steps/get_tools/tool_names/0",
      "/steps/get_tools/tool_names/1",
      "/steps/get_tools/tool_bundle_ids/0",
      "/steps/get_tools/tool_bundle_ids/1",
    ]);
    expect(describeDifferences(diffs, "wire.computer")).toEqual([
      '/steps/get_tools/tool_names: missing "inv2__get_inventory"',
      '/steps/get_tools/tool_bundle_ids: missing "inv2"',
    ]);
  });

  it("a set: missing and extra members together", () => {
    const answer = { steps: { get_tools: { ...expected.steps.get_tools, tool_names: ["a__x", "inv__get_inventory", "z__y"] } } };
    expect(describeDifferences(diffExpected(expected, answer), "wire.computer")).toEqual([
      '/steps/get_tools/tool_names: missing "inv2__get_inventory"; extra "a__x", "z__y"',
    ]);
  });

  it("whether a list is a set comes from the operation: an ordered list is told by position", () => {
    const diffs = diffExpected({ events: ["a", "b", "c"] }, { events: ["a", "c"] });
    expect(describeDifferences(diffs, "wire.computer")).toEqual([
      '/events/1: expected "b", got "c"',
      '/events/2: expected "c", but the answer has no such value',
    ]);
    // The same lists under a pointer the table names as a set: missing.
    expect(
      describeDifferences(diffExpected({ handshake: { auth_keys: ["a", "b"] } }, { handshake: { auth_keys: ["b"] } }), "wire.agent"),
    ).toEqual(['/handshake/auth_keys: missing "a"']);
  });

  it("members that only moved are named as such, in any list", () => {
    expect(describeDifferences(diffExpected({ events: ["a", "b", "c"] }, { events: ["a", "c", "b"] }), "wire.computer")).toEqual([
      '/events: the same members in another order (at 1, 2: expected "b", "c"; got "c", "b")',
    ]);
  });

  it("an object's keys: missing and extra in one line, a changed key its own", () => {
    const diffs = diffExpected(
      { steps: { call: { result_meta: { error_code: 4006, mcp_server: "inv", a2c: 1 } } } },
      { steps: { call: { result_meta: { a2c: 2, other: true } } } },
    );
    expect(describeDifferences(diffs, "wire.computer")).toEqual([
      '/steps/call/result_meta: missing keys "error_code" (expected 4006), "mcp_server" (expected "inv"); extra key "other": true',
      "/steps/call/result_meta/a2c: expected 1, got 2",
    ]);
  });

  it("a list whose members changed inside is told by position, never as missing keys", () => {
    const diffs = diffExpected({ items: [{ a: 1 }, { a: 2 }] }, { items: [{ a: 1, b: 3 }] });
    expect(describeDifferences(diffs, "wire.computer")).toEqual([
      '/items/0: extra key "b": 3',
      '/items/1: expected {"a":2}, but the answer has no such value',
    ]);
  });
});
