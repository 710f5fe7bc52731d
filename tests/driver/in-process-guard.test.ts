// The in-process reference has the same per-case timeout as subprocesses (issue 20, item 10): a call
// that never yields (a busy loop, a backtracking regex on a long name) is stopped, the rest answer.
import { describe, expect, it } from "vitest";
import { withCaseTimeout } from "../../harness/driver/in-process-guard.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { answerNowOf, type Implementation, withAnswerNow } from "../../harness/model/implementation.ts";

/** An in-process implementation whose `spin` operation never returns. */
function spinning(): Implementation {
  // Replacing `call` drops the reference's synchronous twin with it: the guard must call this one.
  const reference = referenceInProcess();
  return {
    ...reference,
    name: "spinner",
    call: async (op, input, options) => {
      if (op === "spin") for (;;) {}
      return reference.call(op, input, options);
    },
  };
}

describe("the in-process case timeout", () => {
  it("stops a call that never yields, and answers the calls queued with it", async () => {
    const impl = withCaseTimeout(spinning(), 500);
    const started = performance.now();
    const answers = await Promise.all([
      impl.call("bundle_id.normalize", { name: "a b" }),
      impl.call("spin", {}),
      impl.call("bundle_id.normalize", { name: "c d" }),
    ]);
    expect(answers.map((a) => a.result.kind)).toEqual(["ok", "timeout", "ok"]);
    expect(answers[1]!.result).toMatchObject({
      message: expect.stringMatching(/no answer within 500 ms to spin: spinner runs in-process/),
    });
    expect(answers[1]!.transcript).toMatchObject({ response: null, fault: { kind: "timeout" } });
    expect(JSON.parse(answers[1]!.transcript.request!)).toMatchObject({ type: "call", op: "spin" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("bounds the reference itself: a long name's normalisation is stopped at the timeout", async () => {
    const impl = withCaseTimeout(referenceInProcess(), 1_000);
    const started = performance.now();
    const answer = await impl.call("bundle_id.normalize", { name: `x${"-".repeat(400_000)}x` });
    const elapsed = performance.now() - started;
    // Either the reference is fast on this input, or it was stopped: never minutes.
    expect(answer.result.kind === "ok" || answer.result.kind === "timeout").toBe(true);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("a long burst of quick calls is not mistaken for a slow one", async () => {
    const impl = withCaseTimeout(referenceInProcess(), 200);
    const answers = await Promise.all(Array.from({ length: 3_000 }, (_, i) => impl.call("bundle_id.normalize", { name: `n ${i}` })));
    expect(answers.every((a) => a.result.kind === "ok")).toBe(true);
  });

  it("answers through the call's synchronous twin; a throw there is that case's rejection, not the run's", async () => {
    const reference = referenceInProcess();
    const twin = answerNowOf(reference)!;
    const impl = withCaseTimeout(
      {
        ...reference,
        call: withAnswerNow(reference.call, (op, input) => {
          if (op === "boom") throw new Error("a reference bug");
          return twin(op, input);
        }),
      },
      1_000,
    );
    const [ok, boom, after] = await Promise.allSettled([
      impl.call("bundle_id.normalize", { name: "a b" }),
      impl.call("boom", {}),
      impl.call("bundle_id.normalize", { name: "c" }),
    ]);
    expect(ok.status === "fulfilled" && ok.value.result).toEqual({ kind: "ok", output: { normalized: "a_b" } });
    expect(boom.status === "rejected" && (boom.reason as Error).message).toBe("a reference bug");
    expect(after.status).toBe("fulfilled");
  });

  it("a wrapper that replaces call (spreading the rest) is the one called: no stale fast path", async () => {
    const reference = referenceInProcess();
    const impl = withCaseTimeout(
      { ...reference, call: async () => ({ ...(await reference.call("bundle_id.validate", { bundle_id: "x" })), attempts: 7 }) },
      1_000,
    );
    expect((await impl.call("bundle_id.validate", { bundle_id: "abc" })).attempts).toBe(7);
  });

  it("takes a burst larger than a function's argument limit (a whole large corpus queued at once)", async () => {
    const impl = withCaseTimeout(referenceInProcess(), 10_000);
    const answers = await Promise.all(Array.from({ length: 200_000 }, () => impl.call("bundle_id.validate", { bundle_id: "abc" })));
    expect(answers.length).toBe(200_000);
    expect(answers.every((a) => a.result.kind === "ok")).toBe(true);
  });
});
