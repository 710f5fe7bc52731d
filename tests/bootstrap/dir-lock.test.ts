// Two runs never build the same environment at once; a lock left by a dead process is taken over.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { currentOwner, withDirLock } from "../../harness/bootstrap/dir-lock.ts";

describe("withDirLock", () => {
  it("serialises two holders of the same lock", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
    const events: string[] = [];
    const hold = (name: string) =>
      withDirLock(dir, async () => {
        events.push(`${name} in`);
        await sleep(300);
        events.push(`${name} out`);
      });
    await Promise.all([hold("a"), sleep(50).then(() => hold("b"))]);
    expect(events).toEqual(["a in", "a out", "b in", "b out"]);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("takes over a lock whose owner process is gone", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
    mkdirSync(`${dir}.lock`);
    writeFileSync(join(`${dir}.lock`, "pid"), "999999999");
    await expect(withDirLock(dir, async () => "done")).resolves.toBe("done");
  });
});

// Issue 32: a stale lock is recovered whatever its owner record says, a live owner's lock is waited
// on for a bounded time naming the owner, and a signal during set-up leaves no lock behind.
describe("withDirLock: stale locks and bounded waits", () => {
  const lockOf = () => {
    const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
    mkdirSync(`${dir}.lock`);
    return dir;
  };
  const here = currentOwner();

  it("a lock folder with no owner record (an interrupted older kit) is taken over once it is older than a few seconds", async () => {
    const dir = lockOf();
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${dir}.lock`, old, old);
    await expect(withDirLock(dir, async () => "done", { maxWaitMs: 2_000 })).resolves.toBe("done");
  });

  it("a pid that is alive but not the kit run that made the lock (pid 1, a reused pid) does not hold it", async () => {
    const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const records: Array<[string, string]> = [
        ["pid", "1"], // an older kit's record: pid 1 is init, never a run
        ["owner.json", JSON.stringify({ pid: 1, start: "1", host: here.host })],
        ["owner.json", JSON.stringify({ pid: sleeper.pid, start: "12345", host: here.host })], // started at another time: reused
        ["pid", String(sleeper.pid)], // alive, but `sleep` is not a kit run
      ];
      for (const [file, text] of records) {
        const dir = lockOf();
        writeFileSync(join(`${dir}.lock`, file), text);
        await expect(
          withDirLock(dir, async () => "done", { maxWaitMs: 2_000 }),
          text,
        ).resolves.toBe("done");
      }
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  it("a lock held by a live run is waited on for a bounded time, naming the holder", async () => {
    const dir = lockOf();
    writeFileSync(join(`${dir}.lock`, "owner.json"), JSON.stringify(here));
    const told: string[] = [];
    await expect(withDirLock(dir, async () => "done", { maxWaitMs: 1_500, onWait: (h) => told.push(h) })).rejects.toThrow(
      new RegExp(`gave up after \\d+ s waiting for pid ${process.pid} on .*env\\.lock`),
    );
    expect(told).toHaveLength(1);
    expect(existsSync(`${dir}.lock`)).toBe(true); // a live owner's lock is never removed
  });

  it.runIf(existsSync("/proc"))(
    "SIGINT while the lock is held (an SDK set-up): the process exits and the lock is gone",
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), "lock-")), "env");
      const script = join(dirname(dir), "hold.mts");
      writeFileSync(
        script,
        [
          `import { withDirLock } from ${JSON.stringify(join(process.cwd(), "harness/bootstrap/dir-lock.ts"))};`,
          `process.on("SIGINT", () => process.exit(130));`,
          `await withDirLock(${JSON.stringify(dir)}, () => { console.log("held"); return new Promise(() => setInterval(() => {}, 1000)); });`,
        ].join("\n"),
      );
      const child = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), script], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
      expect(existsSync(`${dir}.lock`)).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGINT");
      expect(await exited).toBe(130);
      expect(existsSync(`${dir}.lock`)).toBe(false);
    },
    30_000,
  );
});
