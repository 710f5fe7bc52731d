/**
 * `npm run bench`: throughput, in-language loops, one process per case, scaling and cold start,
 * judged against the targets. Progress goes to stderr, the Markdown tables to stdout, and
 * every number to a JSON file. A benchmark, not a test: nothing here fails on a slow number.
 */
import { loadavg } from "node:os";
import { efficiencies, speedUps } from "./derived.ts";
import { handshakes, prepareAll, unavailable } from "./implementations.ts";
import { measureInLanguage } from "./in-language.ts";
import { describeMachine, describeSdks } from "./machine.ts";
import { renderAll } from "./markdown.ts";
import { measureOneShots } from "./one-shot.ts";
import { parseBenchOptions, type Section, USAGE, UsageError } from "./options.ts";
import { type BenchResults, type Measurements, writeResults } from "./results.ts";
import { measureScaling } from "./scaling.ts";
import { evaluateTargets } from "./targets.ts";
import { measureThroughput } from "./throughput.ts";
import { measureWarmMatrix } from "./warm-matrix.ts";

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** The 1-minute load average as each section started: the machine is shared, so say how busy it was. */
const loadBySection: Record<string, number> = {};

/** A section that fails is logged and left out (its targets show as pending); the others still run. */
async function section<T>(name: string, problems: string[], work: () => Promise<T>): Promise<T | undefined> {
  loadBySection[name] = Math.round(loadavg()[0]! * 100) / 100;
  try {
    return await work();
  } catch (error) {
    problems.push(`${name}: ${(error as Error).message}`);
    log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
    return undefined;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseBenchOptions(argv);
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const has = (s: Section) => options.sections.has(s);
  const startedAt = new Date();
  const machine = describeMachine();
  const problems: string[] = [];
  await prepareAll(log);
  for (const [name, why] of unavailable) problems.push(`${name} left out: ${why}`);
  const m: { -readonly [K in keyof Measurements]: Measurements[K] } = {};
  if (has("throughput")) m.throughput = await section("throughput", problems, () => measureThroughput(options, log));
  if (has("in-language")) m.in_language = await section("in-language", problems, () => measureInLanguage(options, log));
  if (has("per-process") || has("cold-start")) m.one_shot = await section("per-process", problems, () => measureOneShots(options, log));
  if (has("scaling")) m.scaling = await section("scaling", problems, () => measureScaling(options, log));
  if (has("cold-start")) m.warm_matrix = await section("cold-start", problems, () => measureWarmMatrix(options, log));
  const efficiency = efficiencies(m.throughput, m.in_language ?? []);
  const speedUp = speedUps(m.throughput, m.one_shot ?? []);
  const results: BenchResults = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    options: {
      sections: [...options.sections],
      quick: options.quick,
      million: options.million,
      reps: options.reps,
      rep_seconds: options.repSeconds,
    },
    machine: { ...machine, load_at_end: loadavg().map((l) => Math.round(l * 100) / 100), load_by_section: loadBySection },
    sdks: describeSdks(handshakes),
    ...m,
    efficiency,
    speed_up: speedUp,
    targets: evaluateTargets(m, efficiency, speedUp),
    ...(problems.length > 0 ? { problems } : {}),
  };
  writeResults(options.out, results);
  process.stdout.write(`${renderAll(results)}\nresults: ${options.out}\n`);
  return problems.length > 0 ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}\n${USAGE}\n`);
  process.exitCode = 2;
}
