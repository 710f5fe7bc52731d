/**
 * `smcp-conformance run`: check --out, load and check the corpus, run it, write and print the
 * report. Every way a run ends leaves a report: a signal (the first stops the run cleanly, a second
 * writes what ran at once), an internal error, or a signal while the report is written; each is
 * marked incomplete with the reason, the phase and what did not run, and exits with its code.
 * Beside it: what is selected (run-selection.ts), watching the run (run-watch.ts), how it ends
 * (run-endings.ts), --update-expectations and --unchecked (run-expectations.ts).
 */

import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { inShard } from "../corpus/shard.ts";
import { DEFAULT_DRIVER_OPTIONS } from "../driver/subprocess-implementation.ts";
import { type Expectations, loadExpectations } from "../expectations/load-expectations.ts";
import { KIT_VECTORS_DIR, kitPackage } from "../model/kit-files.ts";
import type { Report } from "../model/report.ts";
import { slowestCasesText } from "../report/durations-text.ts";
import { prepareOutDir } from "../report/out-dir.ts";
import { parseKeep, pruneRuns } from "../report/retention.ts";
import { discardPendingWrites, WriteInterrupted, writeReport, writeReportInterruptible } from "../report/views.ts";
import { CASE_LANES, RunSession } from "../run/run-corpus.ts";
import { RunSpool } from "../run/run-spool.ts";
import { boundHeapGrowth } from "../util/heap-growth.ts";
import { OutputError } from "../util/output-error.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { recordRunHistory } from "./history-command.ts";
import { checkHistoryPath } from "./history-file.ts";
import { Interrupts, setEmergencyExit } from "./interrupts.ts";
import { lastFailedIds } from "./last-failed.ts";
import { checkProtocol, driverOptions, list, mcpTransportOption, positive } from "./options.ts";
import { announcePruned, fatalCode, finish, incompleteOf, writeAfterInternalError } from "./run-endings.ts";
import { markAllUnchecked, updateAll } from "./run-expectations.ts";
import { selectRun, suitesAfterExclusion } from "./run-selection.ts";
import { startRunTicker, watchRun } from "./run-watch.ts";
import { updateHint } from "./update-hint.ts";

export interface RunOptions {
  readonly impl?: string;
  readonly adapter: string[];
  readonly expectations?: string[];
  readonly suite?: string;
  /** --exclude-suite <names>: suites left out of the selection (of --suite's, or of the default set). */
  readonly excludeSuite?: string;
  readonly filter?: string;
  readonly vectors: string[];
  readonly json?: boolean;
  readonly out: string;
  readonly strictProtocol?: boolean;
  readonly caseTimeout?: string;
  readonly window?: string;
  readonly maxMessageBytes?: string;
  readonly maxAdapterBytes?: string;
  readonly maxRecordBytes?: string;
  readonly updateExpectations?: boolean;
  readonly recordFaults?: boolean;
  readonly allowEmpty?: boolean;
  /** --history <file>: append each statement to this JSON-lines file. */
  readonly history?: string;
  /** --require <level>: a conformance level every implementation must reach. */
  readonly require?: string;
  readonly shard?: string;
  readonly protocol?: string;
  /** --mcp-transport: streamable_http (default) or stdio. */
  readonly mcpTransport?: string;
  readonly tier?: string;
  readonly lastFailed?: boolean;
  readonly bail?: boolean;
  readonly quiet?: boolean;
  /** Run folders to keep in --out, newest first (0: all); default DEFAULT_KEEP. */
  readonly keep?: string;
  /** --durations N: list the N slowest cases after the report. */
  readonly durations?: string;
  /** --unchecked <impls>: not run; with --update-expectations their files mark the selected vectors unchecked. */
  readonly unchecked?: string;
}

// The ending's names are exported from here too, for those who import the command.
export { BAIL, RunInternalError } from "./run-endings.ts";

export async function runCommand(options: RunOptions): Promise<number> {
  // Signals are caught from the start: one arriving while the corpus loads is handled once it is loaded.
  const interrupts = new Interrupts(
    (name) => `${name}: stopping: adapters killed; writing the report of what ran (a second ${name} writes it at once and exits)`,
  );
  try {
    return await run(options, interrupts);
  } finally {
    setEmergencyExit(undefined);
    interrupts.dispose();
  }
}

/** Lanes of data cases per call the adapter window allows (4 × the default window of 64: 256). */
const LANES_PER_WINDOW_CALL = 4;

async function run(options: RunOptions, interrupts: Interrupts): Promise<number> {
  boundHeapGrowth();
  checkProtocol(options.protocol, "corpora");
  const mcpTransport = mcpTransportOption(options.mcpTransport);
  // The files' general entries are the streamable HTTP run's; a stdio difference is its own entry, written by hand.
  if (mcpTransport && options.updateExpectations)
    throw new UsageError(
      "--update-expectations with --mcp-transport stdio: add an entry with `mcp_transport: stdio` by hand where stdio differs (the general entries are the streamable HTTP run's)",
    );
  const { require, shard, selected, unchecked, olderReleases } = selectRun(options);
  const { caseTimeoutMs, window } = driverOptions(options);
  const maxRecordBytes = positive("--max-record-bytes", options.maxRecordBytes);
  const keep = parseKeep(options.keep);
  const durations = positive("--durations", options.durations);
  if (options.history !== undefined) checkHistoryPath(options.history); // a FIFO would block the append past any signal
  const out = prepareOutDir(options.out, [KIT_VECTORS_DIR, ...options.vectors]);
  // The vectors' payloads and the case records wait on disk while the run lasts, so its memory
  // grows with neither the corpus nor its cases; the folder goes on every way out (run-spool.ts).
  const spool = new RunSpool(out);
  try {
    const expectations = new Map<string, Expectations>();
    for (const s of selected) {
      if (s.expectationsFile)
        expectations.set(
          s.implementation.name,
          loadExpectations(s.expectationsFile, s.implementation.name, mcpTransport ?? "streamable_http"),
        );
    }
    const corpus = loadCorpus({ extraRoots: options.vectors, keep: (built) => spool.vectors.keep(built) });
    const suites = suitesAfterExclusion(corpus, list(options.suite), list(options.excludeSuite));
    const tiers = list(options.tier);
    const ids = options.lastFailed ? lastFailedIds(options.out) : undefined;
    const chosen = selectVectors(corpus, { suites, tiers, ...(options.filter ? { filter: options.filter } : {}), ...(ids ? { ids } : {}) });
    const vectors = shard ? inShard(chosen, shard) : chosen;
    if (vectors.length === 0) throw new UsageError(`no vector selected: shard ${options.shard} of the ${chosen.length} selected is empty`);
    const { watcher, bail } = watchRun(
      selected.map((s) => s.implementation),
      options.bail === true,
      options.json === true || selected.length < 2 ? undefined : { total: vectors.length },
    );
    const session = new RunSession({
      store: (names, ids) => spool.cases(names, ids),
      corpus,
      vectors,
      implementations: watcher.implementations,
      expectations,
      roles: new Map(selected.flatMap((s) => (s.roles ? [[s.implementation.name, s.roles] as const] : []))),
      kitVersion: kitPackage().version,
      signal: AbortSignal.any([interrupts.signal, bail]),
      onCase: watcher.onCase,
      // --bail stops at the first failing case: a retry would wait for every other case first.
      ...(options.bail ? { retry: false } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
      ...(caseTimeoutMs !== undefined ? { caseTimeoutMs } : {}),
      ...(maxRecordBytes !== undefined ? { maxRecordBytes } : {}),
      // A few times the adapter window keeps its pipe full; more only holds waiting calls in memory.
      caseLanes: Math.min(CASE_LANES, LANES_PER_WINDOW_CALL * (window ?? DEFAULT_DRIVER_OPTIONS.window)),
      settings: {
        suites,
        ...(options.filter ? { filter: options.filter } : {}),
        ...(shard ? { shard } : {}),
        ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
        ...(mcpTransport ? { mcp_transport: mcpTransport } : {}),
        strict_protocol: options.strictProtocol === true,
        allow_empty: options.allowEmpty === true,
        ...(require ? { require } : {}),
        ...(tiers.length ? { tiers } : {}),
        ...(olderReleases.length ? { older_releases: olderReleases } : {}),
      },
    });
    const stopTicker = startRunTicker(watcher, vectors.length, options.json === true);
    const { report, dir } = await runAndWrite(session, out, interrupts, options, stopTicker);
    if (options.updateExpectations && !report.incomplete) {
      updateAll(report, selected, options.recordFaults === true);
      markAllUnchecked(report, unchecked);
    }
    // An interrupted run states nothing worth a trend: only a finished run is appended.
    if (options.history !== undefined && !report.incomplete) recordRunHistory(options.history, report, dir, options.quiet === true);
    const code = finish(report, dir, options);
    if (durations !== undefined && options.json !== true) process.stdout.write(terminalSafe(slowestCasesText(report, durations)));
    const hint = options.updateExpectations ? undefined : updateHint(report, process.argv.slice(2));
    if (hint && options.json !== true) process.stderr.write(terminalSafe(`${hint}\n`));
    announcePruned(pruneRuns(out, keep), keep, options.quiet === true);
    return code;
  } finally {
    spool.close();
  }
}

/**
 * Runs the session and writes its report, whatever stops it: a second signal or an uncaught error
 * writes the report of what ran at once (the emergency exit), an internal error writes it and
 * goes on to main (exit 3), a signal while the report is written marks it incomplete.
 */
async function runAndWrite(
  session: RunSession,
  out: string,
  interrupts: Interrupts,
  options: RunOptions,
  stopTicker: () => void,
): Promise<{ report: Report; dir: string }> {
  let phase: "running" | "writing" | "written" = "running";
  // A second signal, or an error nothing caught: the report of what ran is written now, synchronously.
  setEmergencyExit((cause) => {
    if (phase === "written") process.exit(fatalCode(cause));
    const report = session.snapshot(incompleteOf(cause, phase === "writing" ? "writing" : session.phase()));
    discardPendingWrites();
    finish(report, writeReport(report, out), options);
    process.exit(fatalCode(cause));
  });
  let report: Report;
  try {
    report = await session.run();
  } catch (error) {
    // The spool under --out could not be written (a full disk): exit 2 naming the file; a report would not fit either.
    if (error instanceof OutputError) throw error;
    throw writeAfterInternalError(error, session.snapshot(incompleteOf({ error }, session.phase())), out, options);
  } finally {
    stopTicker();
  }
  phase = "writing";
  let dir: string;
  try {
    dir = await writeReportInterruptible(report, out, () => interrupts.first !== undefined && !report.incomplete);
  } catch (error) {
    if (error instanceof WriteInterrupted) {
      // A signal while the report was written: every case ran, but the run did not end as asked; say so.
      report = session.snapshot({ reason: interrupts.first!, phase: "writing" });
      dir = writeReport(report, out);
    } else if (error instanceof OutputError) throw error;
    else throw writeAfterInternalError(error, session.snapshot(incompleteOf({ error }, "writing")), out, options);
  }
  phase = "written";
  return { report, dir };
}
