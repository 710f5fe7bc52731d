// bench.loop through the reference's in-process path: the same answerReference a call runs.
import { describe, expect, it } from "vitest";
import { REFERENCE_HELLO } from "../../adapters/reference/hello.ts";
import { answerReference } from "../../adapters/reference/operations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { parseFromAdapter } from "../../harness/protocol/messages.ts";
import { BENCH_OPS, corpusInputs, countOneByOne } from "./bench-inputs.ts";

describe("bench.loop on the reference", () => {
  it("is offered in hello but is no corpus operation", () => {
    expect(REFERENCE_HELLO.operations).toContain("bench.loop");
    expect(corpusInputs("bench.loop")).toEqual([]);
  });

  it.each(BENCH_OPS)("counts %s cases, ok and errors as individual calls do", async (op) => {
    const inputs = corpusInputs(op);
    const single = await countOneByOne(referenceInProcess(), op, inputs);
    const answer = answerReference(1, "bench.loop", { op, inputs, repeat: 3 });
    expect(answer).toMatchObject({ type: "result", ok: true });
    const output = (answer as { output: Record<string, unknown> }).output;
    expect(output).toMatchObject({ op, cases: inputs.length * 3, ok: single.ok * 3, errors: single.errors * 3 });
    expect(Number.isInteger(output["elapsed_ns"]) && (output["elapsed_ns"] as number) > 0).toBe(true);
    // the output schema holds (strict mode checks it on adapters' answers)
    expect(parseFromAdapter(JSON.stringify(answer), true, () => "bench.loop").ok).toBe(true);
  });

  it("has answers of both kinds in its test inputs", async () => {
    const single = await countOneByOne(referenceInProcess(), "bundle_id.identity_bytes", corpusInputs("bundle_id.identity_bytes"));
    expect(single.ok).toBeGreaterThan(0);
    expect(single.errors).toBeGreaterThan(0);
  });

  it.each([
    [{ op: "no.such.op", inputs: [{}], repeat: 1 }, /not an operation of this adapter/],
    [{ op: "bench.loop", inputs: [{}], repeat: 1 }, /cannot loop over itself/],
    [{ op: "env_var.name", inputs: [{}], repeat: 0 }, /repeat must be an integer >= 1/],
    [{ op: "env_var.name", inputs: ["x"], repeat: 1 }, /inputs must be a list of objects/],
  ])("refuses %j with an error result", (input, message) => {
    const answer = answerReference(7, "bench.loop", input);
    expect(answer).toMatchObject({ type: "result", id: 7, ok: false, error: { reason: "unclassified" } });
    expect((answer as { error: { message: string } }).error.message).toMatch(message);
  });
});
