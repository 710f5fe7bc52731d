/** `smcp-conformance run`: load and check the corpus, run it, print and write the report. */

import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { inShard, parseShard } from "../corpus/shard.ts";
import { type Expectations, loadExpectations } from "../expectations/load-expectations.ts";
import { updateExpectations } from "../expectations/update-expectations.ts";
import { kitPackage } from "../model/kit-files.ts";
import { PROTOCOL_VERSIONS } from "../model/protocols.ts";
import { announceReport, writeReport } from "../report/views.ts";
import { runCorpus } from "../run/run-corpus.ts";
import { UsageError } from "../util/usage-error.ts";
import { exitCodeFor } from "./exit-code.ts";
import { withInterrupts } from "./interrupts.ts";
import { list, selectFromOptions } from "./options.ts";

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
  readonly protocol?: string;
}

export async function runCommand(options: RunOptions): Promise<number> {
  if (options.protocol !== undefined && !PROTOCOL_VERSIONS.includes(options.protocol))
    throw new UsageError(`--protocol ${options.protocol}: the kit has corpora for ${PROTOCOL_VERSIONS.join(", ")}`);
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
    runCorpus({
      corpus,
      vectors,
      implementations,
      expectations,
      kitVersion: kitPackage().version,
      signal,
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    }),
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
  announceReport(report, dir, { json: options.json === true });
  if (report.incomplete) {
    process.stderr.write(
      `run interrupted (${report.incomplete.reason}): ${report.cases.length} cases ran, ${report.incomplete.not_run.length} did not; the partial report is marked incomplete\n`,
    );
    return report.incomplete.reason === "SIGTERM" ? 143 : 130;
  }
  return exitCodeFor(report);
}
