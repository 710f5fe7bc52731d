// Every way a run ends leaves a report and a documented exit code (issue 20, items 1, 2 and 9):
// SIGINT / SIGTERM / SIGHUP while an adapter is still starting, a second signal, an adapter whose
// child holds its stdout, an adapter that ignores SIGTERM. Nothing is orphaned.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { processesTagged } from "../fixtures/processes.ts";
import { BIN, cli, tempOut } from "./cli-helpers.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const adapterCommand = (flags: string) => `${process.execPath} --import ${import.meta.resolve("tsx")} ${FIXTURE} ${flags}`;

/** Waits for `condition` (generously: a loaded CI machine starts the kit slowly), then says whether it holds. */
async function until(condition: () => boolean, ms = 120_000): Promise<boolean> {
  // True once seen: evaluating it a second time raced short-lived processes on a loaded machine.
  for (let waited = 0; waited < ms; waited += 100) {
    if (condition()) return true;
    await sleep(100);
  }
  return condition();
}

function startRun(adapterFlags: string, tag: string, out: string, extra: string[] = []) {
  return execa(
    "node",
    [
      BIN,
      "run",
      "--impl",
      "reference",
      "--adapter",
      `slow=${adapterCommand(`${adapterFlags} --tag ${tag}`)}`,
      "--suite",
      "explicit-id",
      "--out",
      out,
      ...extra,
    ],
    { reject: false, stdin: "ignore" },
  );
}

describe.runIf(existsSync("/proc"))("a signal while an adapter is still starting (item 2)", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)(
    "%s: exit %i, a report marked incomplete with the reference's cases, which audit accepts",
    async (signal, code) => {
      const tag = randomUUID();
      const out = tempOut();
      const run = startRun("--slow-hello 60000", tag, out);
      expect(await until(() => processesTagged(tag).length >= 2)).toBe(true); // the run's own command line, and the adapter's
      await sleep(2_500); // the reference has answered all its cases by now
      run.kill(signal);
      const result = await run;
      expect(result.exitCode, result.stderr).toBe(code); // on a failure, what the run said
      expect(result.stderr).toMatch(new RegExp(`run interrupted \\(${signal}\\): 68 cases ran, 68 did not`));
      const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
      expect(report.incomplete).toMatchObject({ reason: signal, phase: expect.stringMatching(/handshake \(slow starting\)/) });
      expect(report.verdict.status).toBe("incomplete");
      expect(report.cases.filter((c: { implementation: string }) => c.implementation === "reference")).toHaveLength(68);
      expect(report.incomplete.not_run.filter((n: { implementation: string }) => n.implementation === "slow")).toHaveLength(68);
      expect(readdirSync(out).filter((n) => n.startsWith(".cases-"))).toEqual([]); // the case spool is removed on the way out
      const audit = await cli(["audit", join(out, "latest", "report.json")]);
      expect(audit.stdout).toMatch(/^audit: 68 cases re-derived/m);
      expect(audit.exitCode).toBe(0);
      await sleep(300);
      expect(processesTagged(tag)).toEqual([]);
    },
    180_000,
  );

  it.runIf(spawnSync("python3", ["--version"]).status === 0)(
    "SIGINT while an SDK's environment is still being set up: exit 130 at once, the report marked incomplete, the set-up killed",
    async () => {
      const cache = mkdtempSync(join(tmpdir(), "smcp-empty-cache-")); // nothing built: the run starts with the set-up
      const out = tempOut();
      const run = execa("node", [BIN, "run", "--impl", "reference,python", "--suite", "explicit-id", "--out", out], {
        reject: false,
        stdin: "ignore",
        env: { SMCP_CONFORMANCE_CACHE: cache },
      });
      let stderr = "";
      run.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      await until(() => /creating the virtual environment/.test(stderr) && processesTagged(cache).length > 0);
      expect(processesTagged(cache).length).toBeGreaterThan(0); // the set-up is running
      const interrupted = Date.now();
      run.kill("SIGINT");
      const result = await run;
      expect(result.exitCode).toBe(130);
      expect(Date.now() - interrupted).toBeLessThan(30_000); // not after the set-up finishes (pip alone takes longer)
      const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
      expect(report.incomplete).toMatchObject({
        reason: "SIGINT",
        phase: expect.stringMatching(/set-up or handshake \(python starting\)/),
      });
      expect(report.incomplete.not_run.filter((n: { implementation: string }) => n.implementation === "python")).toHaveLength(68);
      await sleep(300);
      expect(processesTagged(cache)).toEqual([]);
      rmSync(cache, { recursive: true, force: true });
    },
    180_000,
  );

  it("a second SIGINT right after the first still leaves the report and exits 130", async () => {
    const tag = randomUUID();
    const out = tempOut();
    const run = startRun("--slow-hello 60000 --ignore-sigterm", tag, out);
    expect(await until(() => processesTagged(tag).length >= 2)).toBe(true);
    await sleep(2_500);
    run.kill("SIGINT");
    await sleep(20);
    run.kill("SIGINT");
    const result = await run;
    expect(result.exitCode).toBe(130);
    const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
    expect(report.incomplete.reason).toBe("SIGINT");
    expect((await cli(["audit", join(out, "latest", "report.json")])).exitCode).toBe(0);
    await sleep(300);
    expect(processesTagged(tag)).toEqual([]);
  }, 180_000);
});

describe.runIf(existsSync("/proc"))("adapters that try to outlive the run (items 1 and 9)", () => {
  it("a shell wrapper whose sleep inherits stdout: the run ends, and the sleep is gone", async () => {
    const tag = randomUUID();
    const out = tempOut();
    const wrapper = `sh -c "sleep 300 & exec ${adapterCommand(`--tag ${tag}`)}"`;
    const started = Date.now();
    const result = await execa(
      "node",
      [BIN, "run", "--impl", "reference", "--adapter", `wrapped=${wrapper}`, "--suite", "explicit-id", "--out", out],
      {
        reject: false,
        stdin: "ignore",
        timeout: 150_000,
      },
    );
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(120_000); // its sleep lasts 300 s: the run did not wait for it
    await sleep(300);
    expect(processesTagged(tag)).toEqual([]);
    expect(processesTagged("sleep 300").filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(tag))).toEqual([]);
  }, 180_000);

  it("SIGHUP to a run whose adapter ignores SIGTERM: exit 129, report written, the adapter's group killed", async () => {
    const tag = randomUUID();
    const out = tempOut();
    const run = startRun("--late-when bundle_id --ignore-sigterm --grandchild", tag, out, ["--window", "1"]);
    expect(await until(() => processesTagged(tag).length >= 3)).toBe(true); // the run, the adapter, its grandchild
    await sleep(3_000);
    run.kill("SIGHUP");
    const result = await run;
    expect(result.exitCode).toBe(129);
    const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
    expect(report.incomplete.reason).toBe("SIGHUP");
    await sleep(300);
    expect(processesTagged(tag)).toEqual([]);
  }, 180_000);
});
