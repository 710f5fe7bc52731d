/**
 * A folder-based lock so two runs never build the same environment at once. A lock left by a
 * process that no longer exists is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function withDirLock<T>(dir: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const lock = `${dir}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  for (let waited = false; ; ) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSafe(join(lock, "pid")));
      if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!waited) onWait?.();
      waited = true;
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
