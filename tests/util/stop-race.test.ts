// Racing against a stop that may never come: a settled race leaves nothing behind (the leak a
// never-settling Promise.race partner caused kept every case's answer of a 100k run alive).
import { describe, expect, it } from "vitest";
import { Stop } from "../../harness/util/stop-race.ts";

describe("Stop", () => {
  it("gives the value, and once a value settled holds nothing of it", async () => {
    const stop = new Stop();
    const races = Array.from({ length: 1000 }, (_, i) => stop.race(Promise.resolve(i)));
    expect(stop.waitingCount).toBe(1000);
    expect(await Promise.all(races)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(stop.waitingCount).toBe(0);
  });

  it("resolves waiting and later races null when stopped; a rejection before the stop is passed on", async () => {
    const stop = new Stop();
    const never = stop.race(new Promise<number>(() => {}));
    await expect(stop.race(Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    stop.stop();
    expect(await never).toBeNull();
    expect(await stop.race(Promise.resolve(1))).toBeNull();
    expect(await stop.race(Promise.reject(new Error("after")))).toBeNull();
    expect(stop.isStopped).toBe(true);
    expect(stop.waitingCount).toBe(0);
  });
});
