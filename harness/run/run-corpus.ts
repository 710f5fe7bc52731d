/**
 * Runs selected vectors against every implementation (concurrently; each adapter pipelines its
 * own cases) and builds the report model. An adapter that cannot start does not stop the run:
 * its cases are recorded as crashes, with the reason.
 *
 * A run is a session that records each case as it is answered, so a report of what ran so far
 * can be taken at any moment (`snapshot`): an interrupt, a second Ctrl-C or an internal error
 * still leaves a report, marked incomplete, with the cases that did not run listed.
 */

import { withCaseTimeout } from "../driver/in-process-guard.ts";
import { DEFAULT_DRIVER_OPTIONS } from "../driver/subprocess-implementation.ts";
import type { Expectations } from "../expectations/load-expectations.ts";
import type { Answer, Handshake, Implementation } from "../model/implementation.ts";
import { type InteropCase, withGaps } from "../model/interop.ts";
import { kitPackage } from "../model/kit-files.ts";
import type { Role } from "../model/operations.ts";
import { isComposedOp, isLiveOp } from "../model/operations.ts";
import { chooseProtocol } from "../model/protocols.ts";
import {
  type CaseRecord,
  type Incomplete,
  type ParsedReport,
  REPORT_SCHEMA_VERSION,
  type Report,
  type RunSettings,
  type VectorRecord,
} from "../model/report.ts";
import { ReportBuilder } from "../model/report-builder.ts";
import { newRunId } from "../model/run-id.ts";
import type { Corpus, Tier, Vector } from "../model/vector.ts";
import { VectorPositions } from "../model/vector-positions.ts";
import { recordOf } from "../model/vector-record.ts";
import { wireSlotsFor } from "../model/wire-slots.ts";
import type { StrayRequests } from "../transport/index.ts";
import { atMost } from "../util/at-most.ts";
import { Stop } from "../util/stop-race.ts";
import { answer, caseRecord, longestFirst, notApplicable, notSent, withLateRequests } from "./case-record.ts";
import { type CaseStore, MemoryCaseStore } from "./case-store.ts";
import { runInterop } from "./interop-phase.ts";
import { type LiveSlots, measureLiveSlots } from "./live-slots.ts";
import { RECORD_BYTES_PER_RUN, RecordBudget } from "./record-budget.ts";
import { retried, withFirstAttempt } from "./retry.ts";
import { RunClock } from "./run-clock.ts";
import { corpusRecord, expectationsRecord, type ImplementationRun, implementationRecord, runEnvironment } from "./run-record.ts";
import { closeTransport, oneAtATime, TRANSPORT_CONCURRENCY, type TransportServer, transportFor } from "./transport-cases.ts";
import { WIRE_CONCURRENCY } from "./wire-cases.ts";

export interface RunInput {
  readonly corpus: Corpus;
  readonly vectors: readonly Vector[];
  readonly implementations: readonly Implementation[];
  /** Known gaps by implementation name. */
  readonly expectations?: ReadonlyMap<string, Expectations>;
  /** The roles an implementation offers, where its manifest declares fewer than all three (report: implementations[].roles). */
  readonly roles?: ReadonlyMap<string, readonly Role[]>;
  /** The kit's version, recorded in the report's environment (default: the kit's package.json). */
  readonly kitVersion?: string;
  /** Aborting stops sending cases, kills the adapters and returns a report marked incomplete. */
  readonly signal?: AbortSignal;
  /** Judge every implementation against this protocol version (--protocol), whatever its handshake claims. */
  readonly protocol?: string;
  /** The case timeout for in-process implementations, as subprocesses have it (default 10 s). */
  readonly caseTimeoutMs?: number;
  /** How the run was asked for, recorded as the report's `run` (the implementations are filled in). */
  readonly settings?: Omit<RunSettings, "implementations">;
  /**
   * Called with every case record once it is in the report: answered, transport-suite, not sent
   * (not applicable, unsupported) or crashed because the adapter could not start. It observes: a
   * callback that throws does not change the run (its error is dropped).
   */
  readonly onCase?: (record: CaseRecord) => void;
  /** Case-record bytes the run holds, shared by its implementations (default RECORD_BYTES_PER_RUN; record-budget.ts). */
  readonly maxRecordBytes?: number;
  /**
   * Where the case records are kept, given the implementations' names and the case vectors' ids
   * (default: in memory, the report's cases an array). `run` spools them to disk (case-store.ts).
   */
  readonly store?: (implementations: readonly string[], vectors: VectorPositions) => CaseStore;
  /** Lanes of an implementation's cases other than live ones (default CASE_LANES): `run` gives a few times the adapter window. */
  readonly caseLanes?: number;
  /** Live cases in flight per implementation (default: measured from the machine's load when the run starts, live-slots.ts). */
  readonly liveSlots?: LiveSlots;
  /**
   * false: failing live cases are not retried (default true: each once, alone, after every other
   * case; SMCP_CONFORMANCE_NO_RETRY=1 turns it off too). --bail turns it off: its first failing
   * case stops the run, and a retry waits for all the others.
   */
  readonly retry?: boolean;
}

/**
 * Cases of one implementation in progress at once. Above any adapter window (the driver's default
 * is 64, --window takes it to 1024) and above the live cases' own limits, so neither waits on it.
 */
export const CASE_LANES = 2048;

/** How long closing the transport server may take before the run stops waiting for it. */
const TRANSPORT_CLOSE_MS = 5_000;

export class RunSession {
  private readonly startedAt = new Date();
  private readonly clock = new RunClock();
  private readonly runId = newRunId(this.startedAt);
  private readonly runs: ImplementationRun[];
  private readonly kitVersion: string;
  /** What the run was doing when it was aborted. */
  private abortedIn: string | undefined;
  /** The vectors each implementation answers alone, and the wire-interop ones the run composes. */
  private readonly caseVectors: readonly Vector[];
  private readonly interopVectors: readonly Vector[];
  private readonly interop: InteropCase[] = [];
  private readonly records: RecordBudget;
  /** Live cases in flight per implementation, chosen when the run starts (undefined: no live case). */
  private slots: LiveSlots | undefined;
  private readonly vectorRecords: readonly VectorRecord[];
  /** Counts and derived facts, fed each case as it settles (the report's summary never recounts the cases). */
  private readonly builder: ReportBuilder;
  private readonly store: CaseStore;

  constructor(private readonly input: RunInput) {
    this.kitVersion = input.kitVersion ?? kitPackage().version;
    this.caseVectors = input.vectors.filter((v) => !isComposedOp(v.op));
    this.interopVectors = input.vectors.filter((v) => isComposedOp(v.op));
    // Spooled vectors are their own records: the list is used as it is, not copied (0.8 MB at 100k).
    this.vectorRecords = input.vectors.every((v) => recordOf(v) === (v as unknown))
      ? (input.vectors as unknown as VectorRecord[])
      : input.vectors.map(recordOf);
    this.builder = new ReportBuilder(this.vectorRecords, input.corpus.requirements, input.implementations.length);
    const tiers = new Map<string, Tier>(input.corpus.suites.flatMap((s) => s.vectors.map((v) => [v.id, v.tier] as const)));
    const timeout = input.caseTimeoutMs ?? DEFAULT_DRIVER_OPTIONS.caseTimeoutMs;
    this.records = new RecordBudget(input.maxRecordBytes ?? RECORD_BYTES_PER_RUN, input.implementations.length);
    this.store = (input.store ?? ((impls, vectors) => new MemoryCaseStore(impls.length, vectors.length)))(
      input.implementations.map((i) => i.name),
      VectorPositions.ofVectors(this.caseVectors),
    );
    this.runs = input.implementations.map((impl, position) => {
      const expectations = input.expectations?.get(impl.name);
      return {
        impl: impl.transport === "in-process" ? withCaseTimeout(impl, timeout) : impl,
        expectations,
        expectationsRecord: expectations && expectationsRecord(expectations, tiers),
        started: false,
        position,
        live: new Map(),
        retrying: new Map(),
      };
    });
  }

  /** Runs every implementation; the report is marked incomplete when the signal aborted the run. */
  async run(): Promise<Report> {
    const { vectors, signal } = this.input;
    const onAbort = () => {
      this.abortedIn ??= this.phase();
      for (const r of this.runs) r.impl.kill();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      if (signal?.aborted) onAbort();
      const live = vectors.some((v) => isLiveOp(v.op)) && !signal?.aborted;
      // The machine is sampled while the scene server starts (this process's own CPU is left out of the sample).
      const [slots, transport] = await Promise.all([
        live
          ? (this.input.liveSlots ?? measureLiveSlots(process.env, { stdioMounts: this.input.settings?.mcp_transport === "stdio" }))
          : undefined,
        signal?.aborted ? undefined : transportFor(vectors, this.input.settings?.mcp_transport),
      ]);
      this.slots = slots;
      try {
        try {
          await Promise.all(this.runs.map((r) => this.runImplementation(r, transport)));
          await this.retryLiveCases(transport);
        } finally {
          this.settleFirstAttempts();
        }
        const players = this.runs.flatMap((r) =>
          r.handshake && r.protocol && r.stats === undefined ? [{ impl: r.impl, handshake: r.handshake, protocol: r.protocol }] : [],
        );
        const listed = new Map([...(this.input.expectations ?? new Map())].map(([name, e]) => [name, e.interop ?? []] as const));
        await runInterop(
          this.interopVectors,
          players,
          transport,
          (c) => this.interop.push(withGaps(c, listed)),
          () => signal?.aborted === true,
        );
      } finally {
        // Implementations stop only now: the interop phase needs every role still running.
        await Promise.all(this.runs.filter((r) => r.stats === undefined).map(async (r) => (r.stats = await r.impl.stop())));
        // Requests that came after their case closed: listed in that case's evidence (withLateRequests).
        if (transport && "server" in transport) this.addLateRequests(transport.server.strayRequests().after_close);
        await withinMs(closeTransport(transport), TRANSPORT_CLOSE_MS);
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    return this.report(
      signal?.aborted ? { reason: String(signal.reason ?? "aborted"), phase: this.abortedIn ?? this.phase(), not_run: [] } : undefined,
    );
  }

  /** What the run is doing: starting adapters (set-up and handshake) or running cases. */
  phase(): string {
    if (this.abortedIn !== undefined) return this.abortedIn;
    const starting = this.runs.filter((r) => !r.started).map((r) => r.impl.name);
    return starting.length > 0 ? `set-up or handshake (${starting.join(", ")} starting)` : "cases";
  }

  /**
   * The report of what has run so far, marked incomplete (synchronous: safe from a signal handler
   * or an exit path). `not_run` is filled in from the cases that have no record.
   */
  snapshot(incomplete: Omit<Incomplete, "not_run">): Report {
    this.settleFirstAttempts();
    return this.report({ ...incomplete, not_run: [] });
  }

  /** Requests that reached a live case after it closed go into that case's evidence, once the server has closed. */
  private addLateRequests(late: StrayRequests["after_close"]): void {
    for (const r of this.runs)
      for (const [index, transcript] of r.live) {
        const id = transcript.transport?.case_id;
        if (id === undefined || !Object.hasOwn(late, id)) continue;
        const record = withLateRequests(this.store.get(r.position, index)!, late);
        this.store.put(r.position, index, record, JSON.stringify(record));
        r.live.set(index, record.transcript);
      }
  }

  /** Removes the case records the store keeps on disk: call once the report is written. */
  close(): void {
    this.store.close();
  }

  private report(incomplete: Incomplete | undefined): Report {
    const { corpus, vectors } = this.input;
    const caseVectors = this.caseVectors;
    const cases = this.store.list();
    const notRun = this.runs.flatMap((r) =>
      caseVectors.flatMap((v, i) => (this.store.has(r.position, i) ? [] : [{ implementation: r.impl.name, vector_id: v.id }])),
    );
    const settings = this.input.settings ?? { suites: [], strict_protocol: false, allow_empty: false };
    return this.builder.finish({
      schema_version: REPORT_SCHEMA_VERSION,
      run_id: this.runId,
      started_at: this.startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      environment: runEnvironment(this.kitVersion, this.input.vectors, this.slots),
      corpus: corpusRecord(corpus, vectors, settings.suites),
      implementations: this.runs.map((r) => implementationRecord(r, this.input.protocol, this.input.roles?.get(r.impl.name))),
      vectors: this.vectorRecords,
      cases,
      ...(this.interop.length > 0 ? { interop: [...this.interop] } : {}),
      run: { implementations: this.runs.map((r) => r.impl.name), ...settings },
      timing: this.clock.timing(),
      ...(incomplete ? { incomplete: { ...incomplete, not_run: notRun } } : {}),
    });
  }

  /** Records a case, then tells the caller's onCase (after, so a report taken from the callback holds it). */
  private settle(r: ImplementationRun, index: number, record: CaseRecord, text = JSON.stringify(record)): void {
    this.store.put(r.position, index, record, text);
    if (record.transcript.transport) r.live.set(index, record.transcript);
    this.builder.add(record);
    try {
      this.input.onCase?.(record);
    } catch {
      // observing never changes the run
    }
  }

  /** Settles a record within the run's record budget; past its share the implementation is stopped and the case keeps the fault, not its evidence. */
  private admit(r: ImplementationRun, i: number, record: CaseRecord, answered: Answer, budget?: Stop): void {
    const text = JSON.stringify(record);
    if (this.records.admit(record.implementation, text.length)) {
      this.settle(r, i, record, text);
      return;
    }
    r.overBudget = this.records.reason();
    r.impl.kill();
    budget?.stop();
    const detail = `adapter "${r.impl.name}" ${r.overBudget}`;
    const fault: Answer = {
      result: { kind: "crash", message: detail },
      transcript: { request: null, response: null, fault: { kind: "crash", detail } },
      duration_ms: answered.duration_ms,
      attempts: answered.attempts,
    };
    this.settle(r, i, caseRecord(r.impl.name, this.caseVectors[i]!, fault, r.expectations?.gaps.get(record.vector_id)));
  }

  /**
   * The retry of every live case whose first attempt failed, one case at a time across all
   * implementations, once every first attempt is in: alone, its scene gets the machine the others
   * had to share. The retry's record carries the first attempt whole (retry.ts).
   */
  private async retryLiveCases(transport: TransportServer): Promise<void> {
    const { signal } = this.input;
    if (!retriesLive(this.input)) return;
    const halt = abortable(signal);
    for (const r of this.runs) {
      for (const [i, first] of [...r.retrying]) {
        if (signal?.aborted) return;
        if (!r.retrying.delete(i)) continue; // settled meanwhile (a snapshot took it)
        const v = this.caseVectors[i]!;
        if (!r.handshake || !r.protocol || r.overBudget !== undefined) {
          this.settle(r, i, first);
          continue;
        }
        const alone = oneAtATime();
        const again = await halt.race(Promise.resolve(answer(r.impl, r.handshake, v, r.protocol, transport, alone, alone)));
        if (again) this.clock.caseEnded(r.impl.name, v.id, again.duration_ms, true);
        if (!again || signal?.aborted) {
          this.settle(r, i, first);
          return;
        }
        const record = withFirstAttempt(caseRecord(r.impl.name, v, again, r.expectations?.gaps.get(v.id)), first);
        this.admit(r, i, record, again);
      }
    }
  }

  /** First attempts still waiting for a retry are settled as they are: an interrupted run loses none of its cases. */
  private settleFirstAttempts(): void {
    for (const r of this.runs) {
      const waiting = [...r.retrying];
      r.retrying.clear();
      for (const [i, first] of waiting) this.settle(r, i, first);
    }
  }

  private async runImplementation(r: ImplementationRun, transport: TransportServer): Promise<void> {
    const { signal } = this.input;
    const vectors = this.caseVectors;
    const { impl } = r;
    const gapOf = (id: string) => r.expectations?.gaps.get(id);
    const halt = abortable(signal);
    let handshake: Handshake | null;
    try {
      handshake = signal?.aborted ? null : await halt.race(impl.start());
    } catch (error) {
      handshake = null;
      if (!signal?.aborted) r.notStarted = (error as Error).message;
    }
    r.started = true;
    if (handshake === null) {
      // Could not start: every case is a crash with the reason. Interrupted while starting: nothing ran.
      r.stats = await impl.stop();
      r.protocol = chooseProtocol(null, this.input.protocol);
      if (r.notStarted !== undefined && !signal?.aborted) {
        const reason = r.notStarted;
        // No gap applies: these cases say nothing about the SDK, and a listed gap would turn each into a stale line.
        vectors.forEach((v, i) => {
          this.settle(r, i, caseRecord(impl.name, v, notApplicable(impl.name, v, r.protocol!) ?? notSent("crash", reason), undefined));
        });
      }
      return;
    }
    r.handshake = handshake;
    this.clock.ready(impl.name);
    const protocol = chooseProtocol(handshake.protocol_version, this.input.protocol);
    r.protocol = protocol;
    const serial = oneAtATime();
    const slots = this.slots ?? { wire: WIRE_CONCURRENCY, transport: TRANSPORT_CONCURRENCY };
    const wireLimit = atMost(wireSlotsFor(slots.wire, impl.transport, this.runs.length));
    // Stopped once this implementation passes its share of the record budget: its unfinished cases end then.
    const budget = new Stop();
    const runCase = async (i: number): Promise<void> => {
      const v = vectors[i]!;
      const answered =
        r.overBudget === undefined
          ? await halt.race(budget.race(answer(impl, handshake, v, protocol, transport, serial, wireLimit, slots.transport)))
          : null;
      if (signal?.aborted) return;
      if (r.overBudget !== undefined || !answered) {
        this.settle(r, i, caseRecord(impl.name, v, notSent("crash", `adapter "${impl.name}" ${r.overBudget}`), gapOf(v.id)));
        return;
      }
      this.clock.caseEnded(impl.name, v.id, answered.duration_ms, false);
      const record = caseRecord(impl.name, v, answered, gapOf(v.id));
      if (retriesLive(this.input) && retried(record, isLiveOp(v.op))) r.retrying.set(i, record);
      else this.admit(r, i, record, answered, budget);
    };
    // Live cases each take a lane of their own (their scenes' own limits pace them); the other
    // cases share a fixed number of lanes: enough to keep the adapter's window full, few enough
    // that a corpus of any size never has all its calls queued at once (each waiting call holds
    // its request and promises long enough to be promoted, and the heap grows with them).
    const order = longestFirst(vectors);
    const live = order.filter((i) => isLiveOp(vectors[i]!.op));
    const data = order.filter((i) => !isLiveOp(vectors[i]!.op));
    const lanes = (queue: readonly number[], count: number) => {
      let next = 0;
      const lane = async () => {
        while (next < queue.length && !signal?.aborted) await runCase(queue[next++]!);
      };
      return Array.from({ length: Math.min(count, queue.length) }, lane);
    };
    await Promise.all([...lanes(live, live.length), ...lanes(data, this.input.caseLanes ?? CASE_LANES)]);
  }
}

/** Whether a run retries live cases whose first attempt failed. */
function retriesLive(input: Pick<RunInput, "retry">): boolean {
  return input.retry !== false && process.env.SMCP_CONFORMANCE_NO_RETRY !== "1";
}

/** A run whose records stay in memory: the report's cases are an array. */
export async function runCorpus(input: Omit<RunInput, "store">): Promise<ParsedReport> {
  return (await new RunSession(input).run()) as ParsedReport;
}

/** Resolves when `promise` settles or after `ms`, whichever is first. */
async function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Resolves each promise, or null once the run is aborted (the case did not run). One abort
 * listener serves every case: a listener per case would pile up thousands on one signal.
 */
function abortable(signal: AbortSignal | undefined): Stop {
  const halt = new Stop();
  if (signal?.aborted) halt.stop();
  else signal?.addEventListener("abort", () => halt.stop(), { once: true });
  return halt;
}
