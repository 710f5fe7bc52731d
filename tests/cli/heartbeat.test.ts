/** The heartbeat names who is waited on, but not an adapter whose set-up shows its own progress. */
import { describe, expect, it } from "vitest";
import { heartbeatLine, watch } from "../../harness/commands/watch.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";

describe("heartbeatLine", () => {
  it("names an adapter still starting, unless a set-up progress line is showing", () => {
    const watcher = watch([referenceInProcess()]);
    expect(heartbeatLine(watcher, 10)).toMatch(/^… still waiting on reference \(starting\): nothing for \d+s$/);
    expect(heartbeatLine(watcher, 10, true)).toBeUndefined();
  });

  it("still names a running adapter with calls in flight while another sets up", async () => {
    const watcher = watch([referenceInProcess()]);
    const [impl] = watcher.implementations;
    await impl!.start();
    const call = impl!.call("bundle_id.validate", { bundle_id: "abc" });
    expect(heartbeatLine(watcher, 10, true)).toMatch(/still waiting on \S+ \(0\/10 done, 1 in flight\)/);
    await call;
  });
});
