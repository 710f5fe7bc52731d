// Issue 41, finding 3: a cache lock made before this machine's last boot is taken over at once (it
// was waited on for 30 minutes); one from another host is named in one line, host and path, and
// waited on only while its holder keeps refreshing it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { currentOwner, processStart, withDirLock } from "../../harness/bootstrap/dir-lock.ts";

const BOOT_ID = "/proc/sys/kernel/random/boot_id";
const OTHER_BOOT = "00000000-1111-2222-3333-444444444444";

function lockWith(owner: object): string {
  const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
  mkdirSync(`${dir}.lock`);
  writeFileSync(join(`${dir}.lock`, "owner.json"), JSON.stringify(owner));
  return dir;
}

describe("withDirLock: locks from before a reboot and from other hosts", () => {
  it("records the host name, pid, boot id and the process's start time", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
    const record = await withDirLock(dir, async () => JSON.parse(readFileSync(join(`${dir}.lock`, "owner.json"), "utf8")));
    expect(record).toEqual({
      pid: process.pid,
      start: processStart(process.pid),
      host: hostname(),
      boot: existsSync(BOOT_ID) ? readFileSync(BOOT_ID, "utf8").trim() : "",
    });
  });

  it.runIf(existsSync(BOOT_ID))("a lock made in an earlier boot is taken over at once, even if its pid is alive now", async () => {
    // Its pid is this very process: alive, same start time — only the boot tells it apart.
    const records = [
      { pid: process.pid, start: processStart(process.pid), host: hostname(), boot: OTHER_BOOT },
      { pid: process.pid, start: processStart(process.pid), host: `${hostname()}/${OTHER_BOOT}` }, // the older kit's form
    ];
    for (const record of records) {
      const started = Date.now();
      await expect(
        withDirLock(lockWith(record), async () => "done", { maxWaitMs: 20_000 }),
        JSON.stringify(record),
      ).resolves.toBe("done");
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it("a lock from this boot and a live holder is still waited on (bounded), as before", async () => {
    const dir = lockWith(currentOwner());
    await expect(withDirLock(dir, async () => "done", { maxWaitMs: 1_000 })).rejects.toThrow(/gave up after \d+ s waiting for pid/);
    expect(existsSync(`${dir}.lock`)).toBe(true);
  });

  it("a lock from another host that is not refreshed: one line naming host and path, then a bounded wait that says why it ended", async () => {
    const dir = lockWith({ pid: 4242, start: "1", host: "build-7.example", boot: OTHER_BOOT });
    const told: string[] = [];
    const started = Date.now();
    const waiting = withDirLock(dir, async () => "done", { maxWaitMs: 60_000, foreignSilenceMs: 1_500, onWait: (h) => told.push(h) });
    await expect(waiting).rejects.toThrow(
      `waiting for pid 4242 on another host, build-7.example, which cannot be checked from here (${dir}.lock): not refreshed for 2 s`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(told).toEqual([`pid 4242 on another host, build-7.example, which cannot be checked from here (${dir}.lock)`]);
    expect(existsSync(`${dir}.lock`)).toBe(true); // never taken over: it may be live over there
  });

  it("a lock from another host that keeps being refreshed is waited on, and taken once released", async () => {
    const dir = lockWith({ pid: 4242, start: "1", host: "build-7.example", boot: OTHER_BOOT });
    const owner = join(`${dir}.lock`, "owner.json");
    const holder = (async () => {
      for (let i = 1; i <= 8; i++) {
        await sleep(300);
        const at = new Date(Date.now() + i * 1000);
        utimesSync(owner, at, at);
      }
      rmSync(`${dir}.lock`, { recursive: true, force: true });
    })();
    await expect(withDirLock(dir, async () => "done", { maxWaitMs: 30_000, foreignSilenceMs: 1_200 })).resolves.toBe("done");
    await holder;
  });

  it("a holder refreshes its own lock while it works, so other hosts can tell it is building", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
    const owner = join(`${dir}.lock`, "owner.json");
    const mtimes = await withDirLock(
      dir,
      async () => {
        const first = statSync(owner).mtimeMs;
        await sleep(700);
        return [first, statSync(owner).mtimeMs];
      },
      { heartbeatMs: 200 },
    );
    expect(mtimes[1]).toBeGreaterThan(mtimes[0]!);
  });
});
