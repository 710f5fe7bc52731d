/** The concurrency limiter: never more than `limit` tasks at once, waiters start in order, a failing task frees its slot. */
import { describe, expect, it } from "vitest";
import { atMost } from "../../harness/util/at-most.ts";

/** A task that runs until `release` is called, recording when it starts. */
function gate(started: string[], name: string): { task: () => Promise<string>; release: () => void } {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("atMost", () => {
  it("runs at most `limit` tasks at once and starts the waiting ones in order", async () => {
    const started: string[] = [];
    const limit = atMost(2);
    const gates = ["a", "b", "c", "d"].map((name) => gate(started, name));
    const results = gates.map((g) => limit(g.task));
    await tick();
    expect(started).toEqual(["a", "b"]);
    gates[1]!.release();
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    gates[0]!.release();
    await tick();
    expect(started).toEqual(["a", "b", "c", "d"]);
    for (const g of gates) g.release();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
  });

  it("frees the slot of a task that fails", async () => {
    const limit = atMost(1);
    const failed = limit(() => Promise.reject(new Error("boom")));
    const next = limit(async () => "next");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("next");
  });
});
