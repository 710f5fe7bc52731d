// The driver's one deadline timer: a call times out on its own deadline, whatever else is in
// flight, and no timer outlives the calls. Also: the call line is what `encode` would write.
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { callLine } from "../../harness/driver/pending-calls.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { encode } from "../../harness/protocol/messages.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
let impl: SubprocessImplementation | undefined;

function faultAdapter(caseTimeoutMs: number): SubprocessImplementation {
  impl = new SubprocessImplementation(
    "fault",
    { file: process.execPath, args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--hang-when", "HANG"], env: minimalEnv() },
    { caseTimeoutMs, maxRestarts: 5 },
  );
  return impl;
}

afterEach(async () => {
  await impl?.stop();
  impl = undefined;
});

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("deadline sweep", () => {
  it("a short timeout sent after a long one fires on its own deadline, not the earlier call's", async () => {
    const adapter = faultAdapter(500);
    await adapter.start();
    const started = performance.now();
    const settled: string[] = [];
    const long = adapter.call("bundle_id.validate", { bundle_id: "HANG" }, { timeoutMs: 8_000 }).then((a) => {
      settled.push("long");
      return a;
    });
    const short = await adapter.call("bundle_id.validate", { bundle_id: "HANG" });
    const elapsed = performance.now() - started;
    settled.push("short");
    expect(short.result.kind).toBe("timeout");
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(elapsed).toBeLessThan(4_000); // long before the other call's 8 s deadline
    expect(settled).toEqual(["short"]);
    adapter.kill(); // the long call need not run out its 8 s (kill leaves it unanswered, by contract)
    void long;
  });

  it("leaves no timer behind once every call is answered", async () => {
    const adapter = faultAdapter(10_000);
    await adapter.start();
    const before = timers();
    const answers = await Promise.all(["a1", "a2", "a3"].map((id) => adapter.call("bundle_id.validate", { bundle_id: id })));
    expect(answers.map((a) => a.result.kind)).toEqual(["ok", "ok", "ok"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers()).toBe(before);
  });

  it("writes the call line exactly as encode does", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.nat(), fc.string(), fc.dictionary(fc.string(), json), (id, op, input) => {
        expect(callLine(id, op, input)).toBe(encode({ type: "call", id, op, input }).trimEnd());
      }),
      { seed: 20261130, numRuns: 2000 },
    );
  });
});
