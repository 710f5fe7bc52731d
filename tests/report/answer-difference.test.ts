// The divergence catalogue shows long answers by the parts in which they differ: clipped to their
// first characters, two wire answers read as the same answer twice.
import { describe, expect, it } from "vitest";
import { differingParts, differingPointers } from "../../harness/report/answer-difference.ts";

describe("differing parts of answers", () => {
  it("finds the deepest pointers where the answers are not all equal, escaping ~ and /", () => {
    expect(
      differingPointers([
        { a: { b: 1, c: 2 }, "x/y": [1, 2] },
        { a: { b: 1, c: 3 }, "x/y": [1, 5] },
      ]),
    ).toEqual(["/a/c", "/x~1y/1"]);
    expect(differingPointers([{ a: 1 }, { a: 1 }])).toEqual([]);
    // an element one array lacks, and values of different kinds
    expect(differingPointers([{ l: [1] }, { l: [1, 2] }])).toEqual(["/l/1"]);
    expect(differingPointers([{ v: "1" }, { v: 1 }])).toEqual(["/v"]);
  });

  it("renders each answer as its differing parts; an absent key says so", () => {
    const a = JSON.stringify({ clients: { ag: [], c1: ["n"] }, steps: { cancel: { acked: false, shape: "none" } } });
    const b = JSON.stringify({ clients: { ag: [], c1: ["n"] }, steps: { cancel: { acked: true, shape: "empty" } } });
    expect(differingParts([a, b])).toEqual([
      '/steps/cancel/acked = false; /steps/cancel/shape = "none"',
      '/steps/cancel/acked = true; /steps/cancel/shape = "empty"',
    ]);
    expect(differingParts(['{"x":1}', '{"x":1,"y":2}'])).toEqual(["/y = (absent)", "/y = 2"]);
  });

  it("gives nothing to show when the answers are not JSON, are equal, or differ at the root", () => {
    expect(differingParts(["not json", "{}"])).toBeUndefined();
    expect(differingParts(['{"x":1}', '{"x":1}'])).toBeUndefined();
    expect(differingParts(['"a"', '"b"'])).toBeUndefined();
  });
});
