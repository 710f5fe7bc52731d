/**
 * Scaling: `smcp-conformance fuzz` over reference + Python + Rust at 1k, 10k and 100k generated
 * cases, as a child process. Linear cost shows as a steady time per case; streaming shows as a
 * peak RSS that does not grow with the number of cases.
 */
import type { BenchOptions } from "./options.ts";
import { repeat, type Spread, spread } from "./stats.ts";
import { type ChildRun, lastJsonObject, runKitCommand, withScratchDir } from "./timed-child.ts";

export const FUZZ_IMPLS = "reference,python,rust";
const SEED = 1;

export interface ScalingRow {
  readonly runs: number;
  readonly repetitions: number;
  /** Generated cases, as the fuzz JSON reports them. */
  readonly cases: number | null;
  /** Spawn to exit, measured here. */
  readonly wall_ms: Spread;
  /** The fuzz command's own wall_ms (node start-up and corpus loading excluded). */
  readonly fuzz_wall_ms: Spread | null;
  /** The harness process's peak RSS (fuzz JSON peak_rss_bytes; /usr/bin/time's when absent). */
  readonly peak_rss_bytes: Spread | null;
  readonly exit_codes: readonly (number | null)[];
  readonly problem?: string;
}

export interface ScalingResult {
  readonly not_available?: string;
  readonly rows: ScalingRow[];
}

function numberIn(json: Record<string, unknown> | undefined, key: string): number | null {
  const value = json?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function spreadOrNull(values: readonly (number | null)[]): Spread | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === values.length && present.length > 0 ? spread(present) : null;
}

function row(runs: number, children: readonly ChildRun[]): ScalingRow {
  const jsons = children.map((c) => lastJsonObject(c.stdout));
  const broken = children.find((_, i) => !jsons[i]);
  return {
    runs,
    repetitions: children.length,
    cases: numberIn(jsons[0], "cases"),
    wall_ms: spread(children.map((c) => c.wall_ms)),
    fuzz_wall_ms: spreadOrNull(jsons.map((j) => numberIn(j, "wall_ms"))),
    peak_rss_bytes: spreadOrNull(children.map((c, i) => numberIn(jsons[i], "peak_rss_bytes") ?? c.peak_rss_bytes)),
    exit_codes: children.map((c) => c.exit_code),
    ...(broken
      ? { problem: `no JSON on stdout (exit ${broken.exit_code}): ${broken.stderr_tail.trim().split("\n").slice(-3).join(" | ")}` }
      : {}),
  };
}

export async function measureScaling(options: BenchOptions, log: (line: string) => void): Promise<ScalingResult> {
  const help = await runKitCommand(["fuzz", "--help"]);
  if (help.exit_code !== 0 || !help.stdout.includes("--runs")) return { not_available: "the fuzz command is not in the CLI yet", rows: [] };
  // One 100k repetition: it is itself about a minute on this machine, and the point is its order of magnitude.
  const steps: Array<[runs: number, repetitions: number]> = options.quick
    ? [
        [1_000, 1],
        [10_000, 1],
      ]
    : [[1_000, 3], [10_000, 3], [100_000, 1], ...(options.million ? ([[1_000_000, 1]] as Array<[number, number]>) : [])];
  const rows: ScalingRow[] = [];
  for (const [runs, repetitions] of steps) {
    const children = await repeat(repetitions, async () => {
      const fuzz = ["fuzz", "--impl", FUZZ_IMPLS, "--runs", String(runs), "--seed", String(SEED), "--json"];
      const child = await withScratchDir((out) => runKitCommand([...fuzz, "--out", out]));
      log(`fuzz --runs ${runs}: ${(child.wall_ms / 1000).toFixed(1)} s (exit ${child.exit_code})`);
      return child;
    });
    rows.push(row(runs, children));
  }
  return { rows };
}
