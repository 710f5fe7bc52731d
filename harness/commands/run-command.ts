/**
 * `smcp-conformance run`: check --out, load and check the corpus, run it, write and print the
 * report. Every way a run ends leaves a report: a signal (the first stops the run cleanly, a second
 * writes what ran at once), an internal error, or a signal while the report is written; each is
 * marked incomplete with the reason, the phase and what did not run, and exits with its code.
 */

import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { inShard, parseShard } from "../corpus/shard.ts";
import { DEFAULT_DRIVER_OPTIONS } from "../driver/subprocess-implementation.ts";
import { type Expectations, loadExpectations } from "../expectations/load-expectations.ts";
import { markUnchecked } from "../expectations/mark-unchecked.ts";
import { updateExpectations, updateRefusal } from "../expectations/update-expectations.ts";
import { defaultNames, knownNames, pinnedNames } from "../impl/registry.ts";
import { casesOf } from "../model/case-list.ts";
import { KIT_VECTORS_DIR, kitPackage } from "../model/kit-files.ts";
import type { Report } from "../model/report.ts";
import { CONFORMANCE_LEVELS, type ConformanceLevel } from "../model/statement.ts";
import type { Corpus } from "../model/vector.ts";
import { slowestCasesText } from "../report/durations-text.ts";
import { prepareOutDir } from "../report/out-dir.ts";
import { type Pruned, parseKeep, pruneRuns } from "../report/retention.ts";
import { announceReport, discardPendingWrites, WriteInterrupted, writeReport, writeReportInterruptible } from "../report/views.ts";
import { CASE_LANES, RunSession } from "../run/run-corpus.ts";
import { RunSpool } from "../run/run-spool.ts";
import { didYouMean } from "../util/did-you-mean.ts";
import { boundHeapGrowth } from "../util/heap-growth.ts";
import { OutputError } from "../util/output-error.ts";
import { plural } from "../util/plural.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT, exitCodeFor, type HandledSignal, INTERNAL_ERROR } from "./exit-code.ts";
import { recordRunHistory } from "./history-command.ts";
import { checkHistoryPath } from "./history-file.ts";
import { describeError, type Fatal, Interrupts, setEmergencyExit } from "./interrupts.ts";
import { lastFailedIds } from "./last-failed.ts";
import { checkProtocol, driverOptions, list, positive, selectFromOptions } from "./options.ts";
import { startTicker } from "./ticker.ts";
import { updateHint } from "./update-hint.ts";
import { watch } from "./watch.ts";

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

/** --require's level; "not-conforming" may stand for "not conforming". A level the kit lacks is a usage error. */
function requiredLevel(value: string | undefined): ConformanceLevel | undefined {
  if (value === undefined) return undefined;
  const level = value.replace(/-/g, " ");
  if ((CONFORMANCE_LEVELS as readonly string[]).includes(level)) return level as ConformanceLevel;
  throw new UsageError(`--require needs a conformance level (${CONFORMANCE_LEVELS.join(", ")}), got ${JSON.stringify(value)}`);
}

/**
 * `--suite` less `--exclude-suite`, as the explicit list the run selects (and records in its
 * settings, so `compare` counts the excluded suites' vectors as not selected, never as removed).
 * Without --exclude-suite the list is --suite's as given (empty: the default set).
 */
export function suitesAfterExclusion(corpus: Corpus, suites: readonly string[], excluded: readonly string[]): string[] {
  if (excluded.length === 0) return [...suites];
  const known = corpus.suites.map((s) => s.name);
  const unknown = excluded.find((s) => !known.includes(s));
  if (unknown !== undefined)
    throw new UsageError(`--exclude-suite: unknown suite "${unknown}"${didYouMean(unknown, known)} (known: ${known.join(", ")})`);
  const from = suites.length > 0 ? suites : corpus.suites.filter((s) => s.opt_in === undefined).map((s) => s.name);
  const left = from.filter((s) => !excluded.includes(s));
  if (left.length === 0) throw new UsageError(`--exclude-suite ${excluded.join(",")} leaves no suite of ${from.join(", ")}`);
  return left;
}

/** The incomplete reason --bail leaves: the run stopped at its first failing case (exit 1). */
export const BAIL = "--bail";

/** A run that ended by an internal error: its report was written (marked incomplete); main exits 3. */
export class RunInternalError extends Error {
  override readonly name = "RunInternalError";
}

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
  if (options.recordFaults && !options.updateExpectations) throw new UsageError("--record-faults goes with --update-expectations");
  const require = requiredLevel(options.require);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (options.shard !== undefined && !shard) throw new UsageError(`--shard needs i/n with 1 ≤ i ≤ n, got ${JSON.stringify(options.shard)}`);
  const uncheckedNames = list(options.unchecked);
  if (uncheckedNames.length > 0 && !options.updateExpectations)
    throw new UsageError(
      "--unchecked goes with --update-expectations: it marks vectors in the expectations files of implementations it does not run",
    );
  const unchecked = uncheckedSelection(options, uncheckedNames);
  const forUnchecked = (e: string) => uncheckedNames.some((n) => e.startsWith(`${n}=`));
  const selected = selectFromOptions({ ...options, expectations: (options.expectations ?? []).filter((e) => !forUnchecked(e)) }).filter(
    (s) => !uncheckedNames.includes(s.implementation.name),
  );
  // Added by the default matrix beside the pinned releases, not asked for by name (RunSettings.older_releases).
  const olderReleases =
    options.impl === undefined
      ? selected.map((s) => s.implementation.name).filter((n) => !pinnedNames().includes(n) && defaultNames().includes(n))
      : [];
  if (selected.length === 0)
    throw new UsageError(
      `no implementation selected: --impl ${JSON.stringify(options.impl ?? "")} names none (known: ${knownNames().join(", ")})`,
    );
  // A checkout's failures are not the release's gaps: they would be written into the kit's own file.
  const checkout = [...selected, ...unchecked].find(
    (s) => s.implementation.name.includes("@path:") && !(options.expectations ?? []).some((e) => e.startsWith(`${s.implementation.name}=`)),
  );
  if (options.updateExpectations && checkout)
    throw new UsageError(
      `--update-expectations with ${checkout.implementation.name} needs --expectations ${checkout.implementation.name}=<file>: without it the checkout's failures would be written into the kit's ${checkout.expectationsFile}`,
    );
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
      if (s.expectationsFile) expectations.set(s.implementation.name, loadExpectations(s.expectationsFile, s.implementation.name));
    }
    const corpus = loadCorpus({ extraRoots: options.vectors, keep: (built) => spool.vectors.keep(built) });
    const suites = suitesAfterExclusion(corpus, list(options.suite), list(options.excludeSuite));
    const tiers = list(options.tier);
    const ids = options.lastFailed ? lastFailedIds(options.out) : undefined;
    const chosen = selectVectors(corpus, { suites, tiers, ...(options.filter ? { filter: options.filter } : {}), ...(ids ? { ids } : {}) });
    const vectors = shard ? inShard(chosen, shard) : chosen;
    if (vectors.length === 0) throw new UsageError(`no vector selected: shard ${options.shard} of the ${chosen.length} selected is empty`);
    const watcher = watch(selected.map((s) => s.implementation));
    const implementations = watcher.implementations;
    // --bail: the first failing case (any kind, transport and not-sent ones included) stops the run
    // like a signal would; the runner has recorded it by then, so the report holds it and says why it stopped.
    const bail = new AbortController();
    if (options.bail)
      watcher.onFailure = (impl, id) => {
        if (bail.signal.aborted) return;
        process.stderr.write(terminalSafe(`--bail: ${impl} fails ${id}; stopping\n`));
        bail.abort(BAIL);
      };
    const session = new RunSession({
      store: (names, ids) => spool.cases(names, ids),
      corpus,
      vectors,
      implementations,
      expectations,
      kitVersion: kitPackage().version,
      signal: AbortSignal.any([interrupts.signal, bail.signal]),
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
        strict_protocol: options.strictProtocol === true,
        allow_empty: options.allowEmpty === true,
        ...(require ? { require } : {}),
        ...(tiers.length ? { tiers } : {}),
        ...(olderReleases.length ? { older_releases: olderReleases } : {}),
      },
    });
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
    const stopTicker = options.json ? () => {} : startTicker(watcher, vectors.length, { tty: process.stderr.isTTY === true });
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

/** One line when older run folders were removed (or could not be). */
function announcePruned(pruned: Pruned, keep: number, quiet: boolean): void {
  const n = pruned.removed.length;
  if (n > 0 && !quiet)
    process.stderr.write(`removed ${plural(n, "run folder")} older than the ${keep} newest (--keep N sets how many; 0 keeps all)\n`);
  if (pruned.failed.length > 0) process.stderr.write(terminalSafe(`could not remove old run folders: ${pruned.failed.join(", ")}\n`));
}

/** Prints the report (every output view) and how the run ended; returns the exit code. */
function finish(report: Report, dir: string, options: RunOptions): number {
  announceReport(report, dir, { json: options.json === true, quiet: options.quiet === true });
  if (report.incomplete?.reason === BAIL) {
    process.stderr.write(`stopped at the first failing case (--bail): ${report.incomplete.not_run.length} cases did not run\n`);
    return EXIT.failures;
  }
  if (report.incomplete) {
    const i = report.incomplete;
    const why = i.reason === INTERNAL_ERROR ? `${i.reason}: ${i.detail ?? ""}` : i.reason;
    process.stderr.write(
      terminalSafe(
        `run interrupted (${why}): ${report.cases.length} cases ran, ${i.not_run.length} did not; the partial report is marked incomplete: ${dir}/report.json\n`,
      ),
    );
  }
  return exitCodeFor(report);
}

function updateAll(report: Report, selected: ReturnType<typeof selectFromOptions>, recordFaults: boolean): void {
  for (const s of selected.filter((x) => x.expectationsFile)) {
    const record = report.implementations.find((i) => i.name === s.implementation.name)!;
    const refusal = updateRefusal(record);
    if (refusal) {
      process.stderr.write(terminalSafe(`expectations ${s.expectationsFile}: not updated: ${refusal}\n`));
      continue;
    }
    const observe = new Set(report.vectors.filter((v) => v.tier === "observe").map((v) => v.id));
    const update = updateExpectations(s.expectationsFile!, record.name, record.handshake.sdk.version, casesOf(report.cases, record.name), {
      recordFaults,
      gapAllowed: (id) => !observe.has(id),
    });
    const faults = update.faults_not_recorded.length
      ? `; ${update.faults_not_recorded.length} crash/timeout/protocol_error cases not recorded as gaps (--record-faults records them)`
      : "";
    const repinned = update.repinned.length
      ? `; ${update.repinned.length} answer changed, re-pinned (check their reasons): ${update.repinned.join(", ")}`
      : "";
    process.stderr.write(
      terminalSafe(
        `expectations ${update.file}: ${update.added.length} added (reason to fill in), ${update.removed.length} stale removed, ${update.pinned.length} pinned to their answer${repinned}${faults}${update.checked.length ? `; ${update.checked.length} unchecked now checked (marks dropped)` : ""}${update.left.length ? `; ${update.left.length} entries for vectors not in this run left as they are` : ""}\n`,
      ),
    );
  }
}

/** `--unchecked`: the implementations named, selected for their expectations files only (never started). */
function uncheckedSelection(options: RunOptions, names: readonly string[]): ReturnType<typeof selectFromOptions> {
  if (names.length === 0) return [];
  const own = (options.expectations ?? []).filter((e) => names.some((n) => e.startsWith(`${n}=`)));
  const chosen = selectFromOptions({ ...options, impl: names.join(","), adapter: [], expectations: own });
  const none = chosen.find((s) => s.expectationsFile === undefined);
  if (none)
    throw new UsageError(
      `--unchecked ${none.implementation.name}: it has no expectations file to mark (--expectations ${none.implementation.name}=<file> names one)`,
    );
  return chosen;
}

/** Each implementation not run: the run's judged vectors its file does not list are marked unchecked, and said to be unverified. */
function markAllUnchecked(report: Report, unchecked: ReturnType<typeof selectFromOptions>): void {
  const ids = report.vectors.filter((v) => v.tier !== "observe").map((v) => v.id);
  for (const s of unchecked) {
    const mark = markUnchecked(s.expectationsFile!, s.implementation.name, ids);
    process.stderr.write(
      terminalSafe(
        `${s.implementation.name}: not run (--unchecked): ${plural(ids.length, "vector")} unverified; expectations ${mark.file}: ${mark.marked.length} marked unchecked${mark.listed.length ? `, ${mark.listed.length} already listed` : ""}\n`,
      ),
    );
  }
}

/** The incomplete marker for a signal or an internal error. */
function incompleteOf(cause: Fatal, phase: string): { reason: string; phase: string; detail?: string } {
  if ("signal" in cause) return { reason: cause.signal, phase };
  const error = cause.error;
  return { reason: INTERNAL_ERROR, phase, detail: error instanceof Error ? error.message : String(error) };
}

function fatalCode(cause: Fatal): number {
  return "signal" in cause ? EXIT[cause.signal as HandledSignal] : EXIT.internal;
}

/** After an internal error the report of what ran is still written; the error goes on to main (exit 3). */
function writeAfterInternalError(error: unknown, report: Report, out: string, options: RunOptions): RunInternalError {
  try {
    discardPendingWrites();
    finish(report, writeReport(report, out), options);
  } catch (writeError) {
    process.stderr.write(`the report could not be written either: ${describeError(writeError)}\n`);
  }
  return new RunInternalError(describeError(error));
}
