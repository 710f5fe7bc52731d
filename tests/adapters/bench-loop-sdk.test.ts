// bench.loop through the Python and Rust adapters (strict protocol: its output schema is checked).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectImplementations } from "../../harness/impl/registry.ts";
import type { Handshake, Implementation } from "../../harness/model/implementation.ts";
import { BENCH_OPS, corpusInputs, countOneByOne } from "./bench-inputs.ts";
import { SDK_ADAPTERS, SDK_TESTS } from "./sdk-adapters.ts";

describe.runIf(SDK_TESTS)("bench.loop on the SDK adapters", () => {
  for (const name of SDK_ADAPTERS) {
    describe(name, () => {
      let impl: Implementation;
      let handshake: Handshake;
      beforeAll(async () => {
        impl = selectImplementations([name], { strictProtocol: true })[0]!.implementation;
        handshake = await impl.start(); // builds / sets up on first use
      }, 900_000);
      afterAll(() => impl?.stop());

      it("is offered in hello", () => {
        expect(handshake.operations).toContain("bench.loop");
      });

      it.each(BENCH_OPS)("counts %s cases, ok and errors as individual calls do", async (op) => {
        const inputs = corpusInputs(op);
        const single = await countOneByOne(impl, op, inputs);
        expect(single.ok).toBeGreaterThan(0);
        expect(single.errors).toBeGreaterThan(0); // refused configs / unsupported identities
        const answer = await impl.call("bench.loop", { op, inputs, repeat: 2 });
        expect(answer.result.kind).toBe("ok");
        const output = (answer.result as { output: Record<string, unknown> }).output;
        expect(output).toMatchObject({ op, cases: inputs.length * 2, ok: single.ok * 2, errors: single.errors * 2 });
        expect(output["elapsed_ns"]).toBeGreaterThan(0);
      });

      it.each([
        ["no.such.op", /not an operation of this adapter/],
        ["bench.loop", /cannot loop over itself/],
      ])("refuses to loop over %s with an error result", async (op, message) => {
        const answer = await impl.call("bench.loop", { op, inputs: [{}], repeat: 1 });
        expect(answer.result).toMatchObject({ kind: "error", error: { reason: "unclassified" } });
        expect((answer.result as { error: { message: string } }).error.message).toMatch(message);
      });
    });
  }
});
