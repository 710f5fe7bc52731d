import { describe, expect, it } from "vitest";
import { diffExpected, diffValues } from "../../harness/diff/compare.ts";

describe("diffs name every difference", () => {
  it("compares only the expected top-level keys", () => {
    expect(diffExpected({ accepted: false, reason: "x" }, { accepted: false, reason: "x", detail: "evidence" })).toEqual([]);
  });
  it("collects all mismatches with JSON pointers", () => {
    expect(diffExpected({ accepted: false, reason: "a" }, { accepted: true, reason: null })).toEqual([
      { path: "/accepted", expected: false, actual: true },
      { path: "/reason", expected: "a", actual: null },
    ]);
  });
  it("below the top level values are exact, missing sides are marked", () => {
    expect(diffValues({ a: [1, 2] }, { a: [1], b: 0 })).toEqual([
      { path: "/a/1", expected: 2, absent: "actual" },
      { path: "/b", actual: 0, absent: "expected" },
    ]);
  });
  it("escapes keys in pointers", () => {
    expect(diffValues({ "a/b": 1 }, { "a/b": 2 })).toEqual([{ path: "/a~1b", expected: 1, actual: 2 }]);
  });
  it("a missing expected key is reported as absent in the output", () => {
    expect(diffExpected({ bundle_id: "x" }, {})).toEqual([{ path: "/bundle_id", expected: "x", absent: "actual" }]);
  });
  it('an expected {"$json": X} matches JSON text that parses to X, however it is spaced, and nothing else', () => {
    const expected = { meta: { trace: { $json: { on: true } } } };
    expect(diffExpected(expected, { meta: { trace: '{ "on" : true }' } })).toEqual([]);
    expect(diffExpected(expected, { meta: { trace: { on: true } } })).toEqual([
      { path: "/meta/trace", expected: { $json: { on: true } }, actual: { on: true } },
    ]);
    expect(diffExpected(expected, { meta: { trace: "{on: true}" } })).toEqual([
      { path: "/meta/trace", expected: { $json: { on: true } }, actual: "{on: true}" },
    ]);
    expect(diffExpected(expected, { meta: { trace: '{"on": false}' } })).toEqual([
      { path: "/meta/trace/on", expected: true, actual: false },
    ]);
    // Only expectations use the marker: a report compared with itself sees it as plain data.
    expect(diffValues({ $json: 1 }, "1")).toEqual([{ path: "", expected: { $json: 1 }, actual: "1" }]);
  });
});
