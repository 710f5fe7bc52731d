// The batch answer line is cut into each answer's exact text without parsing the line.
import { describe, expect, it } from "vitest";
import { batchLine, scanBatchLine } from "../../harness/protocol/batch-line.ts";
import { MAX_MESSAGE_DEPTH } from "../../harness/protocol/messages.ts";

const A1 = '{"type":"result","id":1,"ok":true,"output":{"detail":"a ] } , \\" [ {"}}';
const A2 = '{"type":"unsupported","id":2,"message":"no"}';

describe("scanBatchLine", () => {
  it("keeps each answer's text byte for byte, whatever the key order and spacing", () => {
    expect(scanBatchLine(`{"type":"batch","answers":[${A1},${A2}]}`)).toEqual({ kind: "batch", answers: [A1, A2], others: [] });
    expect(scanBatchLine(`{ "answers" : [ ${A1} , ${A2} ] , "type" : "batch" }`)).toEqual({ kind: "batch", answers: [A1, A2], others: [] });
    expect(scanBatchLine('{"answers":[],"type":"batch"}')).toEqual({ kind: "batch", answers: [], others: [] });
    // keys the schema does not allow are named, for --strict-protocol to refuse
    expect(scanBatchLine('{"type":"batch","answers":[],"note":{"a":[1]}}')).toEqual({ kind: "batch", answers: [], others: ["note"] });
  });

  it("a line of another type, or not JSON, is read as a line of its own", () => {
    expect(scanBatchLine(A1)).toEqual({ kind: "single" });
    expect(scanBatchLine('{"type":"batch","answers":[{"id":1}')).toEqual({ kind: "single" });
    expect(scanBatchLine("this is not a protocol line")).toEqual({ kind: "single" });
    expect(scanBatchLine(`{"type":"batch","answers":[${A1}]} trailing`)).toEqual({ kind: "single" });
  });

  it("a batch without answers, or nested past the limit, is refused", () => {
    expect(scanBatchLine('{"type":"batch"}')).toMatchObject({ kind: "bad", problem: /without an answers array/ });
    const deep = `${"[".repeat(MAX_MESSAGE_DEPTH + 5)}${"]".repeat(MAX_MESSAGE_DEPTH + 5)}`;
    expect(scanBatchLine(`{"type":"batch","answers":[${deep}]}`)).toMatchObject({ kind: "bad", problem: /nested deeper/ });
  });

  it("the harness's batch line holds each call's own line", () => {
    const calls = ['{"type":"call","id":1,"op":"x","input":{}}', '{"type":"call","id":2,"op":"y","input":{"a":[1]}}'];
    expect(JSON.parse(batchLine(calls))).toEqual({ type: "batch", calls: calls.map((c) => JSON.parse(c)) });
  });
});
