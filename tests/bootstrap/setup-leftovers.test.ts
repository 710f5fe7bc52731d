// CI failed once because an interrupted SDK set-up left two processes running after the run had
// exited (a venv's ensurepip child, forked as the run was killing its tree by pid, was re-parented
// away from it). A set-up step now has a process group and a marker of its own: the way out ends
// everything it started, wherever that went, and waits until it is gone.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { SetupLog } from "../../harness/bootstrap/setup-log.ts";
import { streamCommand } from "../../harness/bootstrap/stream-command.ts";
import { killAllGroups } from "../../harness/util/process-groups.ts";
import { processesTagged } from "../fixtures/processes.ts";

const tags: string[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const pid of tags.splice(0).flatMap(processesTagged)) process.kill(pid, "SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A set-up step that leaves a `sleep` its own tree no longer holds (the subshell that started it exits), then waits. */
function strayingStep(tag: string): { step: Promise<void>; log: SetupLog } {
  const dir = mkdtempSync(join(tmpdir(), "smcp-setup-"));
  dirs.push(dir);
  const log = new SetupLog(join(dir, "setup.log"));
  const script = `(exec -a 'stray ${tag}' sleep 60 &) ; exec -a 'step ${tag}' sleep 60`;
  return { step: streamCommand(["bash", "-c", script], { log }), log };
}

async function until(condition: () => boolean, ms = 30_000): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (condition()) return true;
    await sleep(50);
  }
  return condition();
}

describe.runIf(existsSync("/proc"))("what an SDK set-up step starts never outlives the run", () => {
  it("the way-out hook ends the step and the child that left its tree, and returns only once they are gone", async () => {
    const tag = randomUUID();
    tags.push(tag);
    const { step } = strayingStep(tag);
    expect(await until(() => processesTagged(`stray ${tag}`).length === 1 && processesTagged(`step ${tag}`).length === 1)).toBe(true);
    killAllGroups(); // what process.on("exit") runs
    expect(processesTagged(tag)).toEqual([]); // no wait here: the hook itself waits until they are gone
    await expect(step).rejects.toThrow(/failed/);
  });

  it("a step that ended leaves nothing of its own running", async () => {
    const tag = randomUUID();
    tags.push(tag);
    const dir = mkdtempSync(join(tmpdir(), "smcp-setup-"));
    dirs.push(dir);
    const log = new SetupLog(join(dir, "setup.log"));
    await streamCommand(["bash", "-c", `(exec -a 'stray ${tag}' sleep 60 &) ; true`], { log });
    expect(processesTagged(tag)).toEqual([]);
  });
});
