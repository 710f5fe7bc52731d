/**
 * `npm run bench:startup`: how long `smcp-conformance --help` takes from a cold process, the
 * installed form (compiled dist/ on plain node) beside the clone's form (tsx over the sources) and
 * plain `node` doing nothing, the floor. Needs `npm run build` first. A benchmark, not a test: it
 * prints the numbers (median and 90th percentile of wall time, and the 1-minute load average, since
 * the machine is shared) and fails on nothing slow.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../bin/smcp-conformance.js", import.meta.url));
const DIST_MAIN = fileURLToPath(new URL("../dist/harness/cli/main.js", import.meta.url));
const TARGET_MS = 300;

interface Variant {
  readonly name: string;
  readonly args: readonly string[];
  readonly env?: Record<string, string>;
}

const VARIANTS: readonly Variant[] = [
  { name: "node -e '' (the floor)", args: ["-e", ""] },
  { name: "--help, compiled (the installed package)", args: [BIN, "--help"], env: { SMCP_CONFORMANCE_COMPILED: "1" } },
  { name: "--help, tsx over the sources (a clone)", args: [BIN, "--help"] },
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function measure(variant: Variant, reps: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, variant.args, { env: { ...process.env, ...variant.env }, stdio: "ignore" });
    if (result.status !== 0) throw new Error(`${variant.name}: exit ${result.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

if (!existsSync(DIST_MAIN)) {
  process.stderr.write("bench:startup: dist/ is missing; run `npm run build` first\n");
  process.exit(2);
}
const reps = Number(process.argv[2] ?? 15);
const load = loadavg()[0]!.toFixed(2);
process.stdout.write(`| command | median ms | p90 ms |\n| --- | ---: | ---: |\n`);
for (const variant of VARIANTS) {
  measure(variant, 2); // warm the file cache
  const times = measure(variant, reps);
  process.stdout.write(`| ${variant.name} | ${percentile(times, 0.5).toFixed(0)} | ${percentile(times, 0.9).toFixed(0)} |\n`);
}
process.stdout.write(
  `\n${reps} runs each; 1-minute load average at the start: ${load}; target for the installed form: < ${TARGET_MS} ms.\n`,
);
