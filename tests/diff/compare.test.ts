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

describe('an expected {"$one_of": [...]} accepts any one of its alternatives', () => {
  it("matches a value equal to one alternative and names every alternative when none matches", () => {
    const expected = { steps: { call: { code: { $one_of: [403, 4104] } } } };
    expect(diffExpected(expected, { steps: { call: { code: 4104 } } })).toEqual([]);
    expect(diffExpected(expected, { steps: { call: { code: 403 } } })).toEqual([]);
    expect(diffExpected(expected, { steps: { call: { code: 404 } } })).toEqual([
      { path: "/steps/call/code", expected: { $one_of: [403, 4104] }, actual: 404 },
    ]);
    expect(diffExpected(expected, { steps: { call: {} } })).toEqual([
      { path: "/steps/call/code", expected: { $one_of: [403, 4104] }, absent: "actual" },
    ]);
  });
  it("compares object alternatives exactly, and is plain data outside an expectation", () => {
    const expected = {
      h: {
        $one_of: [
          { status: 400, close_code: null },
          { status: null, close_code: 4900 },
        ],
      },
    };
    expect(diffExpected(expected, { h: { status: null, close_code: 4900 } })).toEqual([]);
    expect(diffExpected(expected, { h: { status: null, close_code: null } })).toHaveLength(1);
    expect(diffValues({ $one_of: [1, 2] }, 1)).toEqual([{ path: "", expected: { $one_of: [1, 2] }, actual: 1 }]);
  });
});
