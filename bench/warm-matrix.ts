/**
 * The main job with everything warm: `smcp-conformance run` (every suite × reference, Python,
 * Rust) timed end to end as a user runs it, node start-up and report writing included.
 */
import type { BenchOptions } from "./options.ts";
import { repeat, type Spread, spread } from "./stats.ts";
import { lastJsonObject, runKitCommand, withScratchDir } from "./timed-child.ts";

export interface WarmMatrixResult {
  readonly runs: number;
  readonly wall_ms: Spread;
  readonly peak_rss_bytes: Spread | null;
  readonly exit_codes: readonly (number | null)[];
  /** Cases in one run (vectors × implementations), from its --json summary. */
  readonly cases: number | null;
}

export function measureWarmMatrix(options: BenchOptions, log: (line: string) => void): Promise<WarmMatrixResult> {
  return withScratchDir(async (out) => {
    await runKitCommand(["run", "--out", out, "--json"]); // untimed: any set-up or rebuild happens here
    const runs = await repeat(options.quick ? 1 : 3, async () => {
      const run = await runKitCommand(["run", "--out", out, "--json"]);
      log(`warm matrix: ${(run.wall_ms / 1000).toFixed(2)} s (exit ${run.exit_code})`);
      return run;
    });
    const summary = lastJsonObject(runs[0]!.stdout)?.summary as { overall?: { total?: number } } | undefined;
    const rss = runs.map((r) => r.peak_rss_bytes).filter((b): b is number => b !== null);
    return {
      runs: runs.length,
      wall_ms: spread(runs.map((r) => r.wall_ms)),
      peak_rss_bytes: rss.length > 0 ? spread(rss) : null,
      exit_codes: runs.map((r) => r.exit_code),
      cases: summary?.overall?.total ?? null,
    };
  });
}
