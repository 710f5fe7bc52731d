// Two runs never build the same environment at once; a lock left by a dead process is taken over.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { withDirLock } from "../../harness/bootstrap/dir-lock.ts";

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
