// kill() (a signal, --bail, a budget) used to drop the calls it found in flight or queued without
// settling them: whoever awaited one (the interop phase, between its roles' calls) waited forever,
// and a SIGTERM during --suite wire-interop left the run alive with no report (issue 41, item 7).
// Every call kill() finds now settles at once, as interrupted.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { withCaseTimeout } from "../../harness/driver/in-process-guard.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import type { Answer, Implementation } from "../../harness/model/implementation.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));

/** The answer, or "pending" if it has not settled within `ms`. */
function within(answer: Promise<Answer>, ms: number): Promise<Answer | "pending"> {
  return Promise.race([answer, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), ms))]);
}

describe("kill() settles every call it finds", () => {
  it("a subprocess adapter's call in flight and the calls queued behind it: crash, interrupted", async () => {
    const impl = new SubprocessImplementation(
      "hang",
      { file: process.execPath, args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--hang-when", "HANG"], env: minimalEnv() },
      { window: 1, caseTimeoutMs: 60_000 },
    );
    await impl.start();
    const inFlight = impl.call("bundle_id.validate", { bundle_id: "HANG" });
    const queued = impl.call("bundle_id.validate", { bundle_id: "inv" });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the first is written to the adapter
    impl.kill();
    const [a, b] = await Promise.all([within(inFlight, 1_000), within(queued, 1_000)]);
    expect(a).toMatchObject({ result: { kind: "crash", message: expect.stringMatching(/interrupted/) }, attempts: 1 });
    expect(a !== "pending" && a.transcript.request).toContain("HANG");
    expect(b).toMatchObject({ result: { kind: "crash" }, transcript: { request: null, fault: { kind: "not_sent" } }, attempts: 0 });
    expect((await impl.stop()).broken).toBe("the run was interrupted");
  });

  it("an in-process implementation's live call still running", async () => {
    const inner: Implementation = {
      name: "never",
      transport: "in-process",
      start: async () => ({ implementation: "never", sdk: { name: "never", version: "0" }, protocol_version: null, operations: [] }),
      call: () => new Promise<Answer>(() => {}), // a live scene that never ends
      stop: async () => ({ restarts: 0, stderr_tail: "" }),
      kill: () => {},
    };
    const guarded = withCaseTimeout(inner, 60_000);
    const live = guarded.call("wire.computer", { url: "http://127.0.0.1:9" }, { timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    guarded.kill();
    expect(await within(live, 1_000)).toMatchObject({ result: { kind: "crash", message: expect.stringMatching(/interrupted/) } });
  });
});
