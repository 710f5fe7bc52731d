/** `smcp-conformance run`: load and check the corpus, run it, print and write the report. */

import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { inShard, parseShard } from "../corpus/shard.ts";
import type { DriverOptions } from "../driver/subprocess-implementation.ts";
import { type Expectations, loadExpectations } from "../expectations/load-expectations.ts";
import { updateExpectations } from "../expectations/update-expectations.ts";
import { defaultNames, parseAdapterSpec, type Selected, selectImplementations } from "../impl/registry.ts";
import { kitPackage } from "../model/kit-files.ts";
import { renderConsole } from "../report/console.ts";
import { emitGithubActions } from "../report/github-actions.ts";
import { writeReport } from "../report/write-report.ts";
import { runCorpus } from "../run/run-corpus.ts";
import { UsageError } from "../util/usage-error.ts";
import { exitCodeFor } from "./exit-code.ts";
import { withInterrupts } from "./interrupts.ts";

export interface RunOptions {
  readonly impl?: string;
  readonly adapter: string[];
  readonly suite?: string;
  readonly filter?: string;
  readonly vectors: string[];
  readonly json?: boolean;
  readonly out: string;
  readonly strictProtocol?: boolean;
  readonly caseTimeout?: string;
  readonly window?: string;
  readonly updateExpectations?: boolean;
  readonly shard?: string;
}

export function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${name} needs a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}

export function driverOptions(options: Pick<RunOptions, "strictProtocol" | "caseTimeout" | "window">): Partial<DriverOptions> {
  const caseTimeoutMs = positive("--case-timeout", options.caseTimeout);
  const window = positive("--window", options.window);
  return {
    strictProtocol: options.strictProtocol === true,
    ...(caseTimeoutMs !== undefined ? { caseTimeoutMs } : {}),
    ...(window !== undefined ? { window } : {}),
  };
}

/** `--impl` and `--adapter` (default: the main matrix), each name at most once. */
export function selectFromOptions(options: Pick<RunOptions, "impl" | "adapter" | "strictProtocol" | "caseTimeout" | "window">): Selected[] {
  const driver = driverOptions(options);
  const names = options.impl === undefined ? (options.adapter.length > 0 ? [] : defaultNames()) : list(options.impl);
  const selected = [...selectImplementations(names, driver), ...options.adapter.map((spec) => parseAdapterSpec(spec, driver))];
  const duplicate = selected.map((s) => s.implementation.name).find((n, i, all) => all.indexOf(n) !== i);
  if (duplicate) throw new UsageError(`implementation "${duplicate}" is selected twice`);
  return selected;
}

export async function runCommand(options: RunOptions): Promise<number> {
  const selected = selectFromOptions(options);
  const implementations = selected.map((s) => s.implementation);
  const expectations = new Map<string, Expectations>();
  for (const s of selected) {
    if (s.expectationsFile) expectations.set(s.implementation.name, loadExpectations(s.expectationsFile, s.implementation.name));
  }
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const chosen = selectVectors(corpus, { suites: list(options.suite), ...(options.filter ? { filter: options.filter } : {}) });
  const shard = options.shard === undefined ? null : parseShard(options.shard);
  if (options.shard !== undefined && !shard) throw new UsageError(`--shard needs i/n with 1 ≤ i ≤ n, got ${JSON.stringify(options.shard)}`);
  const vectors = shard ? inShard(chosen, shard) : chosen;
  const report = await withInterrupts((signal) =>
    runCorpus({ corpus, vectors, implementations, expectations, kitVersion: kitPackage().version, signal }),
  );
  const dir = writeReport(report, options.out);
  if (options.updateExpectations) {
    for (const s of selected.filter((x) => x.expectationsFile)) {
      const record = report.implementations.find((i) => i.name === s.implementation.name)!;
      const update = updateExpectations(s.expectationsFile!, record.name, record.handshake.sdk.version, report.cases);
      process.stderr.write(
        `expectations ${update.file}: ${update.added.length} added (reason to fill in), ${update.removed.length} stale removed\n`,
      );
    }
  }
  if (options.json) process.stdout.write(`${JSON.stringify({ report: `${dir}/report.json`, summary: report.summary })}\n`);
  else process.stdout.write(`${renderConsole(report)}\nreport: ${dir}/report.json\n`);
  emitGithubActions(report);
  if (report.incomplete) {
    process.stderr.write(
      `run interrupted (${report.incomplete.reason}): ${report.cases.length} cases ran, ${report.incomplete.not_run.length} did not; the partial report is marked incomplete\n`,
    );
    return report.incomplete.reason === "SIGTERM" ? 143 : 130;
  }
  return exitCodeFor(report);
}
