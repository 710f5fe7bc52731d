// SIGINT mid-run: adapters are killed, a partial report marked incomplete is written, exit 130.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { processesTagged } from "../fixtures/processes.ts";
import { BIN, cli, tempOut } from "./cli-helpers.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));

function answeredCount(file: string): number {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
}

describe.runIf(existsSync("/proc"))("an interrupted run", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "%s while cases run: exit %i, a partial report marked incomplete, no adapter process left behind",
    async (signal, code) => {
      const tag = randomUUID();
      const out = tempOut();
      const answered = join(out, "answered.txt");
      const adapter = `slow=${process.execPath} --import ${import.meta.resolve("tsx")} ${FIXTURE} --late-when bundle_id --answered-file ${answered} --tag ${tag}`;
      const run = execa(
        "node",
        [BIN, "run", "--impl", "reference", "--adapter", adapter, "--window", "1", "--suite", "explicit-id", "--out", out],
        { reject: false, stdin: "ignore" },
      );
      // The tag is on the run's own command line and on the adapter's: wait until the adapter is up.
      for (let waited = 0; processesTagged(tag).length < 2 && waited < 20_000; waited += 200) await sleep(200);
      // Until a couple of slow cases are answered (read from the adapter's own record, not guessed from a clock).
      for (let waited = 0; answeredCount(answered) < 2 && waited < 60_000; waited += 200) await sleep(200);
      expect(processesTagged(tag).length).toBeGreaterThan(0);
      run.kill(signal);
      const result = await run;
      expect(result.exitCode).toBe(code);
      expect(result.stderr).toMatch(new RegExp(`run interrupted \\(${signal}\\): \\d+ cases ran, \\d+ did not`));
      const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
      expect(report.incomplete).toMatchObject({ reason: signal, phase: "cases" });
      const slowDone = report.cases.filter((c: { implementation: string }) => c.implementation === "slow").length;
      const slowNotRun = report.incomplete.not_run.filter((n: { implementation: string }) => n.implementation === "slow").length;
      expect(slowDone).toBeGreaterThan(0);
      expect(slowNotRun).toBeGreaterThan(0);
      expect(slowDone + slowNotRun).toBe(68);
      expect(report.cases.filter((c: { implementation: string }) => c.implementation === "reference")).toHaveLength(68);
      await sleep(300);
      expect(processesTagged(tag)).toEqual([]);
      const audit = await cli(["audit", join(out, "latest", "report.json")]);
      expect(audit.exitCode).toBe(0);
    },
    120_000,
  );
});
