// Exit codes (issue 20, items 11 and 13): an internal error is 3 (never 1, which means failing
// cases) and still leaves a report marked incomplete; a stalled command is 3, never Node's 13;
// numbers the driver cannot honour are usage errors; --help lists the codes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it, vi } from "vitest";
import { main } from "../../harness/cli/main.ts";
import { BIN, cli, mainCaptured, tempOut } from "./cli-helpers.ts";

/** No process left whose command line carries `tag`, nor the `sleep 317` / `sleep 318` it started (read from /proc). */
function descendantsGone(tag: string): boolean {
  if (!existsSync("/proc")) return true;
  const cmdline = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return "";
    }
  };
  const pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  return !pids.some((pid) => cmdline(pid).includes(tag) || /^sleep 31[78] $/.test(cmdline(pid)));
}

// One vector's judgement throws, as a bug in the kit would.
vi.mock("../../harness/diff/judge.ts", async (original) => {
  const actual = await original<typeof import("../../harness/diff/judge.ts")>();
  return {
    ...actual,
    judge: (vector: Parameters<typeof actual.judge>[0] & { id?: string }, result: Parameters<typeof actual.judge>[1]) => {
      if (JSON.stringify(vector.expected ?? null).includes("bundle_id.dot") && result.kind === "ok")
        throw new TypeError("a bug in the kit");
      return actual.judge(vector, result);
    },
  };
});

describe("an internal error", () => {
  it("exits 3 and writes the report of what ran, marked incomplete with the error", async () => {
    const out = tempOut();
    const { code, stderr } = await mainCaptured(main, ["run", "--impl", "reference", "--suite", "explicit-id", "--out", out]);
    expect(code).toBe(3);
    expect(stderr).toMatch(/internal error: TypeError: a bug in the kit/);
    const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
    expect(report.incomplete).toMatchObject({ reason: "internal error", detail: "a bug in the kit" });
    expect(report.verdict.status).toBe("incomplete");
  });
});

describe("exit codes of the CLI", () => {
  it("a command that can no longer finish exits 3, never 13", async () => {
    const lifecycle = fileURLToPath(new URL("../../harness/commands/lifecycle.ts", import.meta.url));
    const result = await execa(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { runToExit } from ${JSON.stringify(lifecycle)}; runToExit(() => new Promise(() => {}));`,
      ],
      { reject: false },
    );
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/internal error: .*the command stalled/);
  });

  it("a command that returns while work it started still runs (a set-up an interrupt abandoned) exits with its code; the work is killed", async () => {
    const lifecycle = fileURLToPath(new URL("../../harness/commands/lifecycle.ts", import.meta.url));
    const tag = `abandoned-${process.pid}-${Date.now()}`;
    const started = Date.now();
    const result = await execa(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        // A set-up command still running (its pipes keep the event loop alive), with a child of its own.
        `import { spawn } from "node:child_process"; import { runToExit } from ${JSON.stringify(lifecycle)};
         spawn("sh", ["-c", "sleep 317 & sleep 318; : ${tag}"], { stdio: "pipe" });
         runToExit(async () => { await new Promise((r) => setTimeout(r, 500)); return 130; });`,
      ],
      { reject: false, timeout: 30_000 },
    );
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(130);
    expect(Date.now() - started).toBeLessThan(20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(descendantsGone(tag)).toBe(true);
  }, 40_000);

  it("everything printed reaches a slow reader before the process exits (a pipe is not flushed at once)", async () => {
    const whole = await cli(["coverage", "--json"]); // hundreds of KB: far more than a pipe holds
    expect(whole.exitCode).toBe(0);
    const slow = await execa("sh", ["-c", `node ${BIN} coverage --json | (sleep 2; wc -c)`], { reject: false });
    expect(Number(slow.stdout.trim())).toBe(Buffer.byteLength(`${whole.stdout}\n`));
  }, 60_000);

  it.each([
    [["--case-timeout", "2147483648"], /--case-timeout is at most 2147483647 \(ms; a timer cannot wait longer\)/],
    [["--max-message-bytes", "0"], /--max-message-bytes needs a positive whole number/],
    [["--window", "1e9"], /--window is at most 65536/],
    [["--record-faults"], /--record-faults goes with --update-expectations/],
    [["--handshake-timeout", "0"], /--handshake-timeout needs a positive whole number, got "0"/],
    [["--durations", "five"], /--durations needs a positive whole number, got "five"/],
  ])("%j is a usage error (exit 2)", async (flags, message) => {
    const result = await cli(["run", "--impl", "reference", ...flags, "--out", tempOut()]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("--help documents every exit code", async () => {
    const result = await cli(["run", "--help"]);
    expect(result.exitCode).toBe(0);
    for (const code of ["0 ", "1 ", "2 ", "3 ", "129  SIGHUP, 130 SIGINT, 143 SIGTERM"]) expect(result.stdout).toContain(`  ${code}`);
  });
});
