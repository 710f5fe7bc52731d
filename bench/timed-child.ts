/**
 * Runs a kit command as a child process and measures it from outside: wall time from spawn to exit,
 * and peak RSS via /usr/bin/time (the largest process in the child's tree, in practice the harness).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const KIT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(KIT_ROOT, "bin", "smcp-conformance.js");
const GNU_TIME = "/usr/bin/time";

export interface ChildRun {
  readonly wall_ms: number;
  /** null when /usr/bin/time is not there. */
  readonly peak_rss_bytes: number | null;
  readonly exit_code: number | null;
  readonly stdout: string;
  readonly stderr_tail: string;
}

/** A fresh temporary folder for `work`, removed afterwards. */
export async function withScratchDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "smcp-bench-"));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `node bin/smcp-conformance.js <args>`, run from the kit's root. */
export function runKitCommand(args: readonly string[]): Promise<ChildRun> {
  return withScratchDir((scratch) => timedRun(args, join(scratch, "rss")));
}

function timedRun(args: readonly string[], rssFile: string): Promise<ChildRun> {
  const command = [process.execPath, CLI, ...args];
  const [file, ...rest] = existsSync(GNU_TIME) ? [GNU_TIME, "-f", "%M", "-o", rssFile, ...command] : command;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file!, rest, { cwd: KIT_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4096)));
    child.on("error", reject);
    child.on("close", (code) => {
      const wall_ms = performance.now() - started;
      const kib = existsSync(rssFile) ? Number.parseInt(readFileSync(rssFile, "utf8").trim().split("\n").pop() ?? "", 10) : Number.NaN;
      resolve({ wall_ms, peak_rss_bytes: Number.isFinite(kib) ? kib * 1024 : null, exit_code: code, stdout, stderr_tail: stderr });
    });
  });
}

/** The last line of stdout that parses as a JSON object (commands print one with --json). */
export function lastJsonObject(stdout: string): Record<string, unknown> | undefined {
  for (const line of stdout.trim().split("\n").reverse()) {
    if (!line.startsWith("{")) continue;
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      // not a JSON line: keep looking further up
    }
  }
  return undefined;
}
