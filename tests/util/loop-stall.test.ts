// The harness loop's stall: what a box that expired while nothing in the process could act is read by.
import { describe, expect, it } from "vitest";
import { loopStallMark } from "../../harness/util/loop-stall.ts";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("the event loop's stall", () => {
  it("counts a stretch in which the loop could not turn, and little while it turns", async () => {
    const start = loopStallMark();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const idle = loopStallMark() - start;
    busy(400);
    const held = loopStallMark() - start - idle;
    // Read right after the stall, before any tick: the stretch since the last tick counts.
    expect(held).toBeGreaterThanOrEqual(300);
    expect(idle).toBeLessThan(held);
  });
});
