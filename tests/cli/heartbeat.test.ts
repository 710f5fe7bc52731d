/** The heartbeat names who is waited on, but not an adapter whose set-up shows its own progress. */
import { describe, expect, it } from "vitest";
import { allInLine } from "../../harness/commands/run-watch.ts";
import { heartbeatLine, watch } from "../../harness/commands/watch.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import type { CaseRecord } from "../../harness/model/report.ts";

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

describe("results as soon as they are in", () => {
  it("tells once, when an implementation's last case is recorded, who is still running", () => {
    const a = referenceInProcess();
    const b = { ...referenceInProcess(), name: "slow" };
    const watcher = watch([a, b]);
    watcher.expected = 2;
    const told: string[] = [];
    watcher.onAllIn = (state, others) => told.push(allInLine(state, others, 1234));
    const record = (implementation: string, status = "pass") => ({ implementation, vector_id: "x", status }) as unknown as CaseRecord;
    watcher.onCase(record("reference"));
    expect(told).toEqual([]);
    watcher.onCase(record("reference", "fail"));
    expect(told).toEqual(["reference: all 2 cases in after 1.2 s, 1 failing; still running: slow (starting)\n"]);
    watcher.onCase(record("slow"));
    watcher.onCase(record("slow"));
    expect(told[1]).toBe("slow: all 2 cases in after 1.2 s, none failing\n");
    expect(told).toHaveLength(2);
  });
});
