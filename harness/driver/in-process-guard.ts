/**
 * The per-case timeout for an implementation that runs on the harness's own thread (the reference
 * in-process). A call there cannot be abandoned like a subprocess: a long loop or a backtracking
 * regular expression holds the thread. So calls run in bursts under a V8 watchdog (node:vm's
 * `timeout`), which stops even a call that never yields. One watchdog serves a burst; when it fires,
 * the call that was running is retried first in the next burst with the whole timeout to itself, so
 * a slow case is told apart from a burst that was merely long, and only a case that alone exceeds
 * the timeout is a `timeout`.
 */
import { createContext, Script } from "node:vm";
import {
  type Answer,
  answerNowOf,
  type CallOptions,
  type Handshake,
  type Implementation,
  type ImplementationStats,
  INTERRUPTED,
} from "../model/implementation.ts";
import { isLiveOp } from "../model/operations.ts";
import { encode } from "../protocol/messages.ts";
import { Stop } from "../util/stop-race.ts";
import { MAX_TIMER_MS } from "./driver-options.ts";

interface Queued {
  readonly op: string;
  readonly input: Record<string, unknown>;
  readonly options: CallOptions | undefined;
  readonly settle: (answer: Answer | Promise<Answer>) => void;
}

const CONTEXT = createContext({});
const RUN = new Script("__run()");

/** Wraps an in-process implementation so no call runs longer than the case timeout. */
export function withCaseTimeout(impl: Implementation, caseTimeoutMs: number): Implementation {
  return new GuardedImplementation(impl, Math.min(MAX_TIMER_MS, caseTimeoutMs));
}

class GuardedImplementation implements Implementation {
  readonly name: string;
  readonly transport: Implementation["transport"];
  private queue: Queued[] = [];
  private scheduled = false;
  private nextId = 1;
  /** Stopped by kill(): every live call still running settles then. */
  private readonly halt = new Stop();

  constructor(
    private readonly inner: Implementation,
    private readonly timeoutMs: number,
  ) {
    this.name = inner.name;
    this.transport = inner.transport;
  }

  start(): Promise<Handshake> {
    return this.inner.start();
  }

  stop(): Promise<ImplementationStats> {
    return this.inner.stop();
  }

  /** Every call not yet answered settles now, as interrupted: an unsettled one held its awaiter forever. */
  kill(): void {
    const queued = this.queue;
    this.queue = [];
    for (const q of queued) q.settle(this.faultAnswer(q, "crash", `${this.name} was stopped: ${INTERRUPTED}`, 0));
    this.halt.stop();
    this.inner.kill();
  }

  statsNow(): ImplementationStats {
    return this.inner.statsNow?.() ?? { restarts: 0, stderr_tail: "" };
  }

  call(op: string, input: Record<string, unknown>, options?: CallOptions): Promise<Answer> {
    return new Promise<Answer>((settle) => {
      this.queue.push({ op, input, options, settle });
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => this.flush());
      }
    });
  }

  /** Runs the queued calls as bursts under one watchdog each, until every call has an answer or a timeout. */
  private flush(): void {
    this.scheduled = false;
    let burst = this.queue;
    this.queue = [];
    while (burst.length > 0) {
      // A loop, not Math.max(...spread): a burst may hold a whole large corpus, past the argument limit.
      let timeoutMs = this.timeoutMs;
      for (const q of burst) if ((q.options?.timeoutMs ?? 0) > timeoutMs) timeoutMs = q.options!.timeoutMs!;
      timeoutMs = Math.min(MAX_TIMER_MS, timeoutMs);
      let done = 0;
      const calls = burst;
      CONTEXT["__run"] = () => {
        const inner = this.inner;
        const now = answerNowOf(inner);
        for (; done < calls.length; done++) {
          const q = calls[done]!;
          if (isLiveOp(q.op)) q.settle(this.liveCall(q, timeoutMs));
          else if (now === undefined) q.settle(inner.call(q.op, q.input, q.options));
          else {
            try {
              q.settle(now(q.op, q.input));
            } catch (error) {
              q.settle(Promise.reject(error)); // as `call` would: the error stays that case's, never the run's
            }
          }
        }
      };
      try {
        RUN.runInContext(CONTEXT, { timeout: timeoutMs });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw error;
      } finally {
        CONTEXT["__run"] = undefined;
      }
      // Call `done` was running when the watchdog fired. First in its burst, it had the whole timeout.
      if (done === 0) {
        this.timedOut(burst[0]!, timeoutMs);
        burst = burst.slice(1);
      } else burst = burst.slice(done);
    }
  }

  /**
   * A live operation (a Computer on real sockets) yields while it waits, so the watchdog cannot stop
   * it and need not: it runs outside the burst, and a timer gives it its case timeout.
   */
  private liveCall(q: Queued, burstTimeoutMs: number): Promise<Answer> {
    const began = performance.now();
    const interrupted = () => this.faultAnswer(q, "crash", `${this.name} was stopped: ${INTERRUPTED}`, performance.now() - began);
    if (this.halt.isStopped) return Promise.resolve(interrupted()); // killed: no new scene is started
    const ms = Math.min(MAX_TIMER_MS, q.options?.timeoutMs ?? burstTimeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Answer>((resolve) => {
      timer = setTimeout(() => resolve(this.timeoutAnswer(q, ms)), ms);
    });
    return this.halt
      .race(Promise.race([this.inner.call(q.op, q.input, q.options), late]))
      .then((answer) => answer ?? interrupted())
      .finally(() => clearTimeout(timer));
  }

  private timedOut(q: Queued, timeoutMs: number): void {
    q.settle(this.timeoutAnswer(q, timeoutMs));
  }

  private timeoutAnswer(q: Queued, timeoutMs: number): Answer {
    const detail = `no answer within ${timeoutMs} ms to ${q.op}: ${this.name} runs in-process, and the call was stopped`;
    return this.faultAnswer(q, "timeout", detail, timeoutMs);
  }

  private faultAnswer(q: Queued, kind: "timeout" | "crash", detail: string, durationMs: number): Answer {
    return {
      result: { kind, message: detail },
      transcript: {
        request: encode({ type: "call", id: this.nextId++, op: q.op, input: q.input }).trimEnd(),
        response: null,
        fault: { kind, detail },
      },
      duration_ms: durationMs,
      attempts: 1,
    };
  }
}
