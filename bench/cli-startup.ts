/**
 * `npm run bench:startup`: how long `smcp-conformance --help` and `--version` take from a cold process, the
 * installed form (compiled dist/ on plain node) beside the clone's form (tsx over the sources) and
 * plain `node` doing nothing, the floor. The compiled rows need `npm run build` first. The first
 * `--version` runs of each form fill its cache (bin/version-cache.js); the timed ones read it. A benchmark, not a test: it
 * prints the numbers (median and 90th percentile of wall time; the median CPU time, user + system,
 * which a busy shared machine inflates less than wall time; and the 1-minute load average) and fails
 * on nothing slow.
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
  { name: "--version, compiled (cached corpus hash)", args: [BIN, "--version"], env: { SMCP_CONFORMANCE_COMPILED: "1" } },
  { name: "--version, a clone (cached corpus hash)", args: [BIN, "--version"] },
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** bash's `times` after the child: its user and system CPU (the second line, e.g. `0m0.041s 0m0.012s`). */
function cpuMs(timesOutput: string): number {
  const line = timesOutput.trim().split("\n").at(-1) ?? "";
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((ms, m) => ms + (Number(m[1]) * 60 + Number(m[2])) * 1000, 0);
}

function measure(variant: Variant, reps: number): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  const quoted = [process.execPath, ...variant.args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    const result = spawnSync("bash", ["-c", `${quoted} >/dev/null 2>&1 || exit 1; times`], {
      env: { ...process.env, ...variant.env },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`${variant.name}: exit ${result.status}`);
    wall.push(performance.now() - started);
    cpu.push(cpuMs(result.stdout));
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const built = existsSync(DIST_MAIN);
if (!built) process.stderr.write("bench:startup: dist/ is missing, so the compiled rows are left out; `npm run build` first\n");
const reps = Number(process.argv[2] ?? 15);
const load = loadavg()[0]!.toFixed(2);
process.stdout.write(`| command | wall median ms | wall p90 ms | CPU median ms |\n| --- | ---: | ---: | ---: |\n`);
for (const variant of VARIANTS.filter((v) => built || v.env?.SMCP_CONFORMANCE_COMPILED !== "1")) {
  measure(variant, 2); // warm the file cache
  const { wall, cpu } = measure(variant, reps);
  const row = [percentile(wall, 0.5), percentile(wall, 0.9), percentile(cpu, 0.5)].map((n) => n.toFixed(0));
  process.stdout.write(`| ${variant.name} | ${row.join(" | ")} |\n`);
}
process.stdout.write(
  `\n${reps} runs each; 1-minute load average at the start: ${load}; target for the installed form: < ${TARGET_MS} ms.\n`,
);
