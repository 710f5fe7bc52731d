// A wire.server handshake fact is partial (only the keys a vector names are compared); an expected
// {"$one_of": [...]} there narrows the fact to the keys its alternatives name, so each alternative
// compares exactly on them and a key no alternative names never decides.
import { describe, expect, it } from "vitest";
import { judge } from "../../harness/diff/judge.ts";

const vector = (c: unknown) => ({ tier: "must" as const, op: "wire.server", expected: { handshakes: { c } } });
const output = (c: Record<string, unknown>) => ({
  kind: "ok" as const,
  output: { handshakes: { c: { connected: false, body: "x", ...c } } },
});
const either = {
  $one_of: [
    { connected: false, status: 400, code: 4008, close_code: null },
    { connected: false, status: null, code: null, close_code: 4900 },
  ],
};

describe("$one_of in a partial fact", () => {
  it("passes either form and ignores the keys no alternative names", () => {
    expect(judge(vector(either), output({ status: 400, code: 4008, close_code: null })).status).toBe("pass");
    expect(judge(vector(either), output({ status: null, code: null, close_code: 4900 })).status).toBe("pass");
  });
  it("fails a value that is neither form, and a form with a stray key of the other", () => {
    expect(judge(vector(either), output({ status: null, code: null, close_code: null })).status).toBe("fail");
    expect(judge(vector(either), output({ status: 400, code: 4008, close_code: 4900 })).status).toBe("fail");
  });
});
