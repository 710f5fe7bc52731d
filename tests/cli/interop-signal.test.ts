// SIGTERM or SIGINT during the interop phase (--suite wire-interop) left the run alive 645 s with no
// report: the kill dropped the roles' calls in flight without settling them (issue 41, item 7).
// Here one adapter hangs on every wire call, so its interop cases are in flight when the signal
// comes: the run settles them, writes the incomplete report and exits with the signal's code at once.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { processesTagged } from "../fixtures/processes.ts";
import { BIN, tempOut } from "./cli-helpers.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const lines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0);

describe.runIf(existsSync("/proc"))("a signal during the interop phase", () => {
  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "%s: the calls in flight settle, the incomplete report is written, exit %i within seconds",
    async (signal, code) => {
      const tag = randomUUID();
      const out = tempOut();
      const received = join(out, "received.txt");
      // Every wire call's input names its time box: this adapter takes each one and never answers.
      const adapter = `hang=${process.execPath} --import ${import.meta.resolve("tsx")} ${FIXTURE} --hang-when time_box_ms --received-file ${received} --tag ${tag}`;
      const run = execa("node", [BIN, "run", "--impl", "reference", "--adapter", adapter, "--suite", "wire-interop", "--out", out], {
        reject: false,
        stdin: "ignore",
        forceKillAfterDelay: false, // execa's own SIGKILL after 5 s would hide a hang
      });
      for (let waited = 0; lines(received) < 1 && waited < 90_000; waited += 200) await sleep(200);
      expect(lines(received)).toBeGreaterThan(0); // the interop phase has called the hanging adapter
      await sleep(500);
      const signalled = Date.now();
      run.kill(signal);
      const result = await Promise.race([run, sleep(30_000).then(() => undefined)]);
      if (!result) run.kill("SIGKILL");
      expect(result?.exitCode, result?.stderr).toBe(code);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
      expect(report.incomplete).toMatchObject({ reason: signal });
      expect(report.verdict.status).toBe("incomplete");
      // A cell cut short by the signal is not judged: no hang or fail is pinned on the adapter for it.
      for (const c of report.interop ?? []) expect(c.cause ?? "").not.toMatch(/interrupted|killed/);
      await sleep(300);
      expect(processesTagged(tag)).toEqual([]);
    },
    150_000,
  );
});
