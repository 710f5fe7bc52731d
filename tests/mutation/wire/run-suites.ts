/**
 * One run of the live suites through the in-process reference of a workspace copy (its harness
 * imports the copy's adapters/reference/operations.ts, so the mutant is what answers), at the
 * lowest CPU priority: the machine is shared. The run gets its own process group, so a run past
 * its box is stopped with everything it started, and nothing else.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Judged, judgeRun, type RunReport } from "./outcome.ts";

/** The live suites: the three roles' scenes, and the MCP transport scenes the Computer's tool calls go through. */
export const LIVE_SUITES = ["wire-computer", "wire-server", "wire-agent", "transport", "upstream-auth-error"] as const;

/** One run of the kit that may kill a mutant: its name in the record and its `run` options. */
export interface Killer {
  readonly name: string;
  readonly options: readonly string[];
}

/**
 * The runs, in order; a mutant a run kills is not run again. The released protocol's run takes
 * every live suite; the draft's takes wire-server at --protocol 0.5.0-dev, the only run in which the
 * reference's Server applies its draft room model (server/room-model-draft.ts) and the draft
 * vectors (wire-server/draft-0.5.0.yaml) are judged rather than not applicable.
 */
export const KILLERS: readonly Killer[] = [
  { name: "0.4.0", options: ["--suite", LIVE_SUITES.join(",")] },
  { name: "0.5.0-dev", options: ["--protocol", "0.5.0-dev", "--suite", "wire-server"] },
];

/** Process groups of runs under way, so an interrupted campaign can stop them (they do not get the terminal's signal). */
const running = new Set<number>();

/** Stops every run under way, by its process group's id. */
export function stopRuns(): void {
  for (const pid of running) stopGroup(pid);
}

function stopGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the group is already gone
  }
}

export interface SuiteRun extends Judged {
  readonly exit: number | null;
  readonly duration_ms: number;
}

export async function runKiller(dir: string, killer: Killer, timeoutMs: number): Promise<SuiteRun> {
  const out = mkdtempSync(join(tmpdir(), "wire-mutation-out-"));
  const started = performance.now();
  const args = ["-n", "19", process.execPath, "bin/smcp-conformance.js", "run", "--impl", "reference", ...killer.options];
  args.push("--out", out, "--keep", "0", "--quiet");
  const child = spawn("nice", args, { cwd: dir, detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
  });
  const pid = child.pid!;
  running.add(pid);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup(pid);
  }, timeoutMs);
  const exit = await new Promise<number | null>((done) => child.on("close", (code) => done(code)));
  clearTimeout(timer);
  stopGroup(pid); // whatever the run left behind (an MCP bridge it spawned), by this group's id only
  running.delete(pid);
  const duration_ms = Math.round(performance.now() - started);
  const reportFile = join(out, "latest", "report.json");
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, "utf8")) as RunReport) : undefined;
  rmSync(out, { recursive: true, force: true });
  return { ...judgeRun({ exit, timedOut, report, stderrTail: stderr }), exit, duration_ms };
}

/** The killers in order until one kills: the first run that does not pass, named, or the last (passing) one. */
export async function runKillers(dir: string, timeoutMs: number): Promise<SuiteRun & { readonly run: string }> {
  let total = 0;
  for (const [i, killer] of KILLERS.entries()) {
    const run = await runKiller(dir, killer, timeoutMs);
    total += run.duration_ms;
    if (run.outcome !== "survived" || i === KILLERS.length - 1) return { ...run, duration_ms: total, run: killer.name };
  }
  throw new Error("no killer run is defined");
}
