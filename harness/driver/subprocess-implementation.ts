/**
 * An implementation behind a long-lived adapter process. Requests are pipelined within a bounded
 * window and matched to answers by id. A crash, a hang or a line that is not protocol restarts
 * the adapter (replaying the handshake) and is attributed to the case that caused it: when several
 * cases were in flight, they are re-sent one at a time so the culprit is found, not guessed.
 * An adapter that speaks protocol 2 gets its calls in batches, one line per burst; a batch that
 * hangs makes every call in it a suspect, re-sent alone, so the hang is pinned on the call that hangs.
 *
 * Beside it: the options (driver-options.ts), the calls' state and queue (pending-calls.ts), the
 * calls in flight and their deadline timer (in-flight.ts, deadline-sweep.ts), reading answer lines
 * (answer-lines.ts), the hello wait (hello-wait.ts), the stderr kept across restarts (stderr-tail.ts),
 * one burst of calls taken from the queue and written (burst.ts), whom a lost process is blamed on (blame.ts),
 * why it was given up and its restarts (adapter-health.ts).
 */

import type {
  Answer,
  CallOptions,
  CallResult,
  FaultKind,
  Handshake,
  Implementation,
  ImplementationStats,
} from "../model/implementation.ts";
import { INTERRUPTED } from "../model/implementation.ts";
import { ADAPTER_PROTOCOL, encode, type HelloMessage, parseFromAdapter, truncate } from "../protocol/messages.ts";
import { handshakeOf, resultOf } from "../protocol/to-result.ts";
import { AdapterHealth } from "./adapter-health.ts";
import { type AdapterCommand, AdapterProcess, type ExitInfo } from "./adapter-process.ts";
import { answerLine, idIn, isBlank } from "./answer-lines.ts";
import { type Blame, blameLoss, blameTimeout } from "./blame.ts";
import { takeBurst } from "./burst.ts";
import { BATCH_MAX, DEFAULT_DRIVER_OPTIONS, type DriverOptions, MAX_TIMER_MS } from "./driver-options.ts";
import { HelloWait } from "./hello-wait.ts";
import { InFlight } from "./in-flight.ts";
import { answerOf, callLine, type Pending, PendingQueue } from "./pending-calls.ts";
import { StderrTail, stderrNote } from "./stderr-tail.ts";

// The driver's options are imported from here by its users (impl/, commands/, run/, bench/, tests/).
export { BATCH_MAX, DEFAULT_DRIVER_OPTIONS, type DriverOptions, MAX_TIMER_MS };

export class AdapterStartError extends Error {
  override readonly name = "AdapterStartError";
}

export class SubprocessImplementation implements Implementation {
  readonly transport = "subprocess" as const;
  private readonly options: DriverOptions;
  private proc: AdapterProcess | undefined;
  private generation = 0;
  private ready = false;
  private handshake: Handshake | undefined;
  /** The adapter protocol the running process answered in its hello (2: it reads batches). */
  private protocol = 1;
  /** Operations the adapter answers concurrently: always sent alone, so a long one holds back no batch. */
  private concurrentOps: ReadonlySet<string> = new Set();
  private batchSerial = 0;
  private readonly hello = new HelloWait();
  private readonly inFlight = new InFlight((p) => this.onTimeout(p));
  private readonly queue = new PendingQueue();
  private pumpScheduled = false;
  private nextId = 1;
  /** Why it was given up, how it failed to stop cleanly, its restarts (adapter-health.ts). */
  private readonly health = new AdapterHealth();
  private stopping = false;
  private readonly stderr = new StderrTail();
  /** Bytes of the lines read from this adapter in the run, across restarts (held against maxAdapterBytes). */
  private bytesRead = 0;

  private command: AdapterCommand | undefined;

  /** `command` may be a promise-returning function: set-up (a venv, a build) runs at start. */
  constructor(
    readonly name: string,
    private readonly commandSource: AdapterCommand | (() => Promise<AdapterCommand>),
    options: Partial<DriverOptions> = {},
  ) {
    this.options = { ...DEFAULT_DRIVER_OPTIONS, ...options };
  }

  async start(): Promise<Handshake> {
    try {
      this.command = typeof this.commandSource === "function" ? await this.commandSource() : this.commandSource;
    } catch (error) {
      this.health.brokenReason = (error as Error).message;
      throw new AdapterStartError(`adapter "${this.name}" could not be set up: ${(error as Error).message}`);
    }
    if (this.stopping) {
      this.health.brokenReason = "interrupted during its set-up";
      throw new AdapterStartError(`adapter "${this.name}" was interrupted during its set-up`);
    }
    try {
      return await this.spawn();
    } catch (error) {
      this.health.brokenReason = (error as Error).message;
      throw new AdapterStartError(`adapter "${this.name}" failed its handshake: ${(error as Error).message}`);
    }
  }

  call(op: string, input: Record<string, unknown>, options: CallOptions = {}): Promise<Answer> {
    const id = this.nextId++;
    const requestLine = callLine(id, op, input);
    const timeoutMs = Math.min(MAX_TIMER_MS, Math.max(this.options.caseTimeoutMs, options.timeoutMs ?? 0));
    return new Promise<Answer>((resolve) => {
      this.queue.push({ id, op, requestLine, resolve, attempts: 0, suspect: false, sentAt: 0, deadline: Infinity, timeoutMs, batch: 0 });
      this.schedulePump();
    });
  }

  async stop(): Promise<ImplementationStats> {
    this.stopping = true;
    const proc = this.proc;
    if (proc?.alive) {
      proc.write(encode({ type: "shutdown" }));
      proc.endInput();
      const grace = setTimeout(() => {
        this.health.noteUnclean(`still running ${this.options.shutdownGraceMs} ms after shutdown, so killed`);
        proc.kill();
      }, this.options.shutdownGraceMs);
      await proc.ended();
      clearTimeout(grace);
    }
    this.stderr.keep(this.proc?.stderrTail() ?? "");
    return this.health.stats(this.stderr.text);
  }

  kill(): void {
    this.stopping = true;
    this.health.brokenReason ??= INTERRUPTED;
    // Every call settles now, as interrupted: dropped unsettled, they held whoever awaited them (the
    // interop phase, between its roles' calls) forever. takeAll stops their timer first.
    const detail = `adapter "${this.name}" was killed: ${this.health.brokenReason}`;
    for (const p of [...this.inFlight.takeAll(), ...this.queue.clear()]) this.fault(p, "crash", detail);
    // A start still waiting for the hello settles now: an interrupt never leaves it pending.
    this.hello.take()?.reject(new Error("interrupted before its hello"));
    this.proc?.kill();
  }

  /** Restarts, stderr tail and broken reason so far, for a report written while the adapter still runs. */
  statsNow(): ImplementationStats {
    return this.health.stats(this.stderr.with(this.proc?.stderrTail() ?? ""));
  }

  /** Starts a fresh adapter process and resolves with its handshake. */
  private spawn(): Promise<Handshake> {
    const generation = ++this.generation;
    this.ready = false;
    this.stderr.keep(this.proc?.stderrTail() ?? "");
    this.proc = new AdapterProcess(
      this.command!,
      {
        line: (line) => this.onLine(generation, line),
        invalidLine: (lossy) => this.onInvalidLine(generation, lossy),
        oversizeLine: (limit) => this.onOversizeLine(generation, limit),
        end: (info) => this.onEnd(generation, info),
      },
      this.options.maxLineBytes,
    );
    return this.hello.wait(
      this.options.handshakeTimeoutMs,
      () => this.proc?.kill(),
      () => this.proc!.write(encode({ type: "hello", adapter_protocol: ADAPTER_PROTOCOL })),
    );
  }

  /**
   * Pumps once after the current burst: the calls made in one loop, or the answers read from one
   * stdout chunk, then go out as a single write instead of one write per call.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    queueMicrotask(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Sends what the window allows, as one write (burst.ts). */
  private pump(): void {
    if (this.health.brokenReason !== undefined) {
      for (const p of this.queue.clear()) this.fault(p, "crash", `adapter "${this.name}" is broken: ${this.health.brokenReason}`);
      return;
    }
    if (!this.ready) return;
    const text = takeBurst(this.queue, this.inFlight, {
      window: this.options.window,
      batches: this.options.batches,
      protocol: this.protocol,
      concurrentOps: this.concurrentOps,
      nextBatch: () => ++this.batchSerial,
    });
    if (text !== "") this.proc!.write(text);
  }

  private onLine(generation: number, line: string): void {
    if (generation !== this.generation) return;
    if (isBlank(line)) return;
    this.bytesRead += line.length;
    if (!this.ready) {
      this.onHelloLine(parseFromAdapter(line, this.options.strictProtocol), line);
      return;
    }
    if (this.bytesRead > this.options.maxAdapterBytes) {
      this.overBudget();
      return;
    }
    const read = answerLine(line, this.protocol, this.options.strictProtocol);
    if (read.kind === "violation") this.violation(read.problem);
    else if (read.kind === "batch") this.onBatchAnswer(generation, read.answers);
    else this.onAnswer(line);
  }

  /** Each answer of a batch is read as a line of its own; a call of the batch left unanswered is a protocol error. */
  private onBatchAnswer(generation: number, answers: readonly string[]): void {
    const batches = new Set<number>();
    for (const text of answers) {
      const p = this.onAnswer(text);
      if (generation !== this.generation) return; // a violation retired the process: the rest is not read
      if (p !== undefined && p.batch !== 0) batches.add(p.batch);
    }
    for (const p of [...this.inFlight.values()])
      if (batches.has(p.batch)) {
        const problem = `its batch was answered without it (protocol 2 answers a batch whole, in one line)`;
        this.finish(p, { kind: "protocol_error", message: problem }, null, { kind: "protocol_error", detail: problem });
      }
  }

  /** One answer (a line, or one answer of a batch line): settles its call, which it returns; anything else is a protocol error. */
  private onAnswer(text: string): Pending | undefined {
    const parsed = parseFromAdapter(text, this.options.strictProtocol, (id) => this.inFlight.get(id)?.op);
    if (!parsed.ok) {
      const id = idIn(text);
      const owner = id === undefined ? undefined : this.inFlight.get(id);
      if (owner)
        this.finish(owner, { kind: "protocol_error", message: parsed.problem }, text, { kind: "protocol_error", detail: parsed.problem });
      else this.violation(parsed.problem);
      return owner;
    }
    const message = parsed.message;
    if (message.type === "hello") {
      this.violation("a second hello in the middle of the run");
      return undefined;
    }
    const p = this.inFlight.get(message.id);
    if (!p) {
      this.violation(`answered with unknown id ${message.id}`);
      return undefined;
    }
    this.health.answered();
    this.finish(p, resultOf(message), text);
    return p;
  }

  /** A line that is not valid UTF-8: a protocol error on the case whose id it carries, else a violation. */
  private onInvalidLine(generation: number, lossy: string): void {
    if (generation !== this.generation) return;
    const problem = `a line that is not valid UTF-8: ${truncate(lossy)}`;
    if (!this.ready) {
      this.onHelloLine({ ok: false, problem }, lossy);
      return;
    }
    const id = idIn(lossy);
    const owner = id === undefined ? undefined : this.inFlight.get(id);
    if (owner) this.finish(owner, { kind: "protocol_error", message: problem }, null, { kind: "protocol_error", detail: problem });
    else this.violation(problem);
  }

  /** A line past the size limit: nothing in it can be read, so the process is untrusted (suspects are re-sent alone). */
  private onOversizeLine(generation: number, limit: number): void {
    if (generation !== this.generation) return;
    const problem = `a line longer than ${limit} bytes (the limit; --max-message-bytes)`;
    if (!this.ready) this.onHelloLine({ ok: false, problem }, "");
    else this.violation(problem);
  }

  private onHelloLine(parsed: ReturnType<typeof parseFromAdapter>, line: string): void {
    const waiter = this.hello.take();
    if (!waiter) return;
    if (!parsed.ok || parsed.message.type !== "hello") {
      this.proc?.kill();
      waiter.reject(new Error(`expected a hello, got ${parsed.ok ? parsed.message.type : parsed.problem} (${truncate(line)})`));
      return;
    }
    const hello = parsed.message as HelloMessage;
    const handshake = handshakeOf(hello);
    this.handshake ??= handshake;
    // Per process: a restarted adapter answers its own hello again.
    this.protocol = hello.adapter_protocol;
    this.concurrentOps = new Set(handshake.concurrent ?? []);
    this.ready = true;
    waiter.resolve(handshake);
    this.pump();
  }

  /** A line no case can own: the adapter cannot be trusted, so it restarts. */
  private violation(problem: string): void {
    const detail = `adapter "${this.name}" broke the protocol: ${problem}; last request: ${this.inFlight.lastRequest()}`;
    this.abandonProcess("protocol_error", detail);
  }

  /** Past the run's byte budget: nothing more is read from this adapter; its cases in flight and queued are faults. */
  private overBudget(): void {
    const limit = this.options.maxAdapterBytes;
    this.health.brokenReason = `stopped: it wrote more than ${limit} bytes of answers in this run (the per-run limit, --max-adapter-bytes)`;
    this.retireProcess();
    const detail = `adapter "${this.name}" ${this.health.brokenReason}`;
    for (const p of this.inFlight.takeAll()) this.fault(p, "protocol_error", detail);
    this.pump();
  }

  private onTimeout(p: Pending): void {
    if (this.inFlight.get(p.id) !== p) return;
    const detail = `no answer within ${p.timeoutMs} ms to call ${p.id} (${p.op}); adapter "${this.name}" restarted`;
    this.retireProcess();
    const waiting = this.inFlight.takeAll().filter((other) => other !== p); // they were queued behind it
    this.resend(blameTimeout(p, waiting), "timeout", detail);
    this.restart(detail);
  }

  private onEnd(generation: number, info: ExitInfo): void {
    // Whichever process it was (retired, restarted, stopped): what it left running is the adapter's fault.
    const left = info.leftBehind ?? [];
    if (left.length > 0)
      this.health.noteUnclean(
        `left ${left.length === 1 ? "a process" : `${left.length} processes`} running outside its process group, which the kit killed: ${left.join(", ")}`,
      );
    if (generation !== this.generation || this.stopping) return;
    const note = stderrNote(this.proc?.stderrTail());
    const detail = `adapter "${this.name}" ended (${info.message}${info.signal ? `, signal ${info.signal}` : ""}); last request: ${this.inFlight.lastRequest()}${note}`;
    if (!this.ready) {
      const waiter = this.hello.take();
      if (waiter) {
        waiter.reject(new Error(`${info.message} before its hello${note}`));
        return;
      }
    }
    this.abandonProcess("crash", detail);
  }

  /** The process is gone or untrusted: attribute what can be attributed, re-send the rest. */
  private abandonProcess(kind: "crash" | "protocol_error", detail: string): void {
    this.retireProcess();
    this.resend(blameLoss(this.inFlight.takeAll()), kind, detail);
    this.restart(detail);
  }

  /** The blamed call is faulted; suspects go back first, each to be sent alone, then the calls queued behind. */
  private resend(blame: Blame, kind: "crash" | "protocol_error" | "timeout", detail: string): void {
    for (const p of blame.suspects) this.inFlight.markSuspect(p);
    this.queue.unshift([...blame.suspects, ...blame.innocent]);
    if (blame.culprit) this.fault(blame.culprit, kind, detail);
  }

  /** Stops talking to the current process first, so nothing is sent to it while faults are settled. */
  private retireProcess(): void {
    this.generation++; // the old process's late lines and exit are ignored from here on
    this.ready = false;
    this.proc?.kill();
  }

  private restart(reason: string): void {
    if (this.stopping) return;
    if (!this.health.restart(this.options.maxRestarts, reason)) {
      this.pump();
      return;
    }
    this.spawn().then(
      () => this.pump(),
      (error: Error) => this.restart(`restart failed: ${error.message}`),
    );
  }

  private fault(p: Pending, kind: Exclude<FaultKind, "not_sent">, detail: string): void {
    this.finish(p, { kind, message: detail }, null, { kind, detail });
  }

  private finish(p: Pending, result: CallResult, response: string | null, fault?: { kind: FaultKind; detail: string }): void {
    this.inFlight.settle(p);
    p.resolve(answerOf(p, result, response, fault));
    this.schedulePump();
  }
}
