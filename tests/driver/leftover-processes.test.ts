// A daemonising Server adapter left its Servers running after the run (issue 41, item 7): a daemon
// leaves the adapter's process group, so killing the group missed it. What an adapter leaves
// running is now found (its session, the marker in its environment) and killed when it stops,
// and its stats name it as broken; an adapter that outstays its shutdown grace is broken too.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { killAllGroups } from "../../harness/util/process-groups.ts";
import { processesTagged } from "../fixtures/processes.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/daemon-server-adapter.ts", import.meta.url));
const tags: string[] = [];

afterEach(() => {
  // Whatever a failing test left running goes with it.
  for (const pid of tags.splice(0).flatMap(processesTagged)) process.kill(pid, "SIGKILL");
});

function adapter(flags: string[]) {
  const tag = randomUUID();
  tags.push(tag);
  const args = ["--import", import.meta.resolve("tsx"), FIXTURE, ...flags, "--tag", tag];
  const impl = new SubprocessImplementation("daemon", { file: process.execPath, args, env: minimalEnv() }, { shutdownGraceMs: 500 });
  return { impl, tag };
}

/** Starts the adapter and has it start (and stop) its Server once. */
async function serveOnce(impl: SubprocessImplementation): Promise<void> {
  await impl.start();
  expect((await impl.call("wire.server", { action: "start", time_box_ms: 5_000 })).result.kind).toBe("ok");
  expect((await impl.call("wire.server", { action: "stop", server_id: "s1" })).result.kind).toBe("ok");
}

/** The daemons still running, a moment after they were killed. */
async function daemons(tag: string): Promise<number[]> {
  await sleep(200);
  return processesTagged(`daemon of ${tag}`);
}

describe.runIf(existsSync("/proc"))("processes an adapter leaves behind", () => {
  it.each(["--daemon", "--daemon --double-fork"])("%s: killed when the adapter stops, and named in its stats as broken", async (flags) => {
    const { impl, tag } = adapter(flags.split(" "));
    await serveOnce(impl);
    await sleep(300); // the daemon is up
    const stats = await impl.stop();
    expect(await daemons(tag)).toEqual([]);
    expect(stats.broken).toMatch(
      new RegExp(`^did not stop cleanly: left a process running outside its process group, which the kit killed: \\d+ \\(.*${tag}`),
    );
  });

  it("killed by the harness's exit hook while the adapter still runs", async () => {
    const { impl, tag } = adapter(["--daemon", "--double-fork"]);
    await serveOnce(impl);
    await sleep(300);
    killAllGroups(); // what process.on("exit") runs (here the driver then restarts the adapter it lost)
    expect(await daemons(tag)).toEqual([]);
    await impl.stop();
  });

  it("an adapter still running past its shutdown grace is killed, and broken", async () => {
    const { impl, tag } = adapter(["--ignore-shutdown"]);
    await serveOnce(impl);
    const stats = await impl.stop();
    expect(stats.broken).toBe("did not stop cleanly: still running 500 ms after shutdown, so killed");
    expect(await daemons(tag)).toEqual([]);
  });

  it("a well-behaved adapter stops clean: nothing named, not broken", async () => {
    const { impl } = adapter([]);
    await serveOnce(impl);
    expect((await impl.stop()).broken).toBeUndefined();
  });
});
