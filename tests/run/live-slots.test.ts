// Live slots follow the machine's load (issue 41, item 5): 8 per implementation on a quiet machine,
// down to 4 when other processes keep every core busy; SMCP_CONFORMANCE_LIVE_SLOTS fixes them.
import { execFileSync, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { MAX_LIVE_SLOTS, MIN_LIVE_SLOTS, measureLiveSlots, slotsFor, stdioWireSlots } from "../../harness/run/live-slots.ts";

describe("live slots", () => {
  it("go from the most on an idle machine to the fewest on a busy one", () => {
    expect(slotsFor(0)).toBe(MAX_LIVE_SLOTS);
    expect(slotsFor(1)).toBe(MIN_LIVE_SLOTS);
    expect(slotsFor(2)).toBe(MIN_LIVE_SLOTS); // a load average past the cores
    expect(slotsFor(0.5)).toBe(6);
    expect(slotsFor(0.25)).toBe(7);
    expect(slotsFor(-1)).toBe(MAX_LIVE_SLOTS);
  });

  it("are fixed by SMCP_CONFORMANCE_LIVE_SLOTS", async () => {
    const slots = await measureLiveSlots({ SMCP_CONFORMANCE_LIVE_SLOTS: "5" });
    expect(slots).toMatchObject({ wire: 5, transport: 5 });
    // A fixed count holds for stdio runs too: it is the person's choice.
    expect(await measureLiveSlots({ SMCP_CONFORMANCE_LIVE_SLOTS: "5" }, { stdioMounts: true })).toMatchObject({ wire: 5 });
  });

  it("halve the wire slots, to no fewer than the fewest, when scenes mount their MCP servers over stdio", async () => {
    expect(stdioWireSlots(MAX_LIVE_SLOTS)).toBe(MAX_LIVE_SLOTS / 2);
    expect(stdioWireSlots(7)).toBe(Math.max(MIN_LIVE_SLOTS, 4));
    expect(stdioWireSlots(MIN_LIVE_SLOTS)).toBe(MIN_LIVE_SLOTS);
    const slots = await measureLiveSlots({}, { stdioMounts: true });
    expect(slots.wire).toBe(stdioWireSlots(slots.transport));
  });

  it.runIf(process.platform === "linux")("see CPU-bound processes beside the run, not the run's own work", async () => {
    // What other work the machine already has (a CI neighbour, a build): the claims below are relative to it.
    const before = await measureLiveSlots({});
    const cores = before.cores;
    // Busy loops of the run's own (its children) are its own work: not counted.
    const own = Array.from({ length: cores }, () => spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" }));
    // Busy loops beside it: orphaned at once (their shell exits), as another job's processes would be.
    const beside = Array.from({ length: cores }, () =>
      Number(execFileSync("sh", ["-c", "(while :; do :; done) >/dev/null 2>&1 & echo $!"], { encoding: "utf8" }).trim()),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const busy = await measureLiveSlots({});
      expect(busy.measured_by).toBe("proc-stat");
      expect(busy.busy).toBeGreaterThanOrEqual(0.9);
      expect(busy.wire).toBe(MIN_LIVE_SLOTS);
      for (const pid of beside) process.kill(pid, "SIGKILL");
      const quiet = await measureLiveSlots({});
      // Its own loops still run: counted, they would add every core (1.0); a neighbour's work may come and go by a third.
      expect(quiet.busy).toBeLessThanOrEqual(Math.min(1, before.busy + 0.35));
    } finally {
      for (const b of own) b.kill("SIGKILL");
      for (const pid of beside) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  });
});
