/**
 * Watching a run from outside the runner. The runner tells of every case it records (`onCase`:
 * answered, transport-suite and not-sent cases alike); each implementation is also wrapped so the
 * CLI sees when it starts and which calls are in flight. That feeds the progress line (a TTY), the
 * heartbeat (otherwise: a line naming the adapters waited on when nothing happened for a few
 * seconds) and --bail (the first failing case aborts the run). Both only observe.
 */
import { answerNowOf, type Implementation, withAnswerNow } from "../model/implementation.ts";
import type { CaseRecord } from "../model/report.ts";
import { isFailing } from "../model/status.ts";

export interface WatchState {
  readonly name: string;
  /** Cases recorded so far (answered or not sent). */
  done: number;
  /** Calls sent and not yet answered. */
  inFlight: number;
  phase: "starting" | "running" | "stopped";
  failed: number;
}

export interface Watcher {
  readonly implementations: Implementation[];
  readonly states: readonly WatchState[];
  /** Milliseconds since anything last happened. */
  idleMs(): number;
  /** The runner's onCase: counts the case, and its failure. */
  readonly onCase: (record: CaseRecord) => void;
  /** Set by --bail: called with each failing case, after the runner has recorded it. */
  onFailure?: (implementation: string, vectorId: string) => void;
  /** Called once an implementation has recorded `expected` cases: its results are all in. */
  onAllIn?: (state: WatchState, others: readonly WatchState[]) => void;
  /** How many cases each implementation records (the selected vectors). */
  expected?: number;
}

export function watch(implementations: readonly Implementation[]): Watcher {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  const states = new Map<string, WatchState>();
  const watcher: Watcher = {
    implementations: [],
    states: [],
    idleMs: () => Date.now() - last,
    onCase: (record) => {
      const state = states.get(record.implementation);
      if (!state) return;
      state.done++;
      touch();
      if (isFailing(record.status)) {
        state.failed++;
        watcher.onFailure?.(record.implementation, record.vector_id);
      }
      if (state.done === watcher.expected)
        watcher.onAllIn?.(
          state,
          watcher.states.filter((s) => s !== state),
        );
    },
  };
  for (const impl of implementations) {
    const state: WatchState = { name: impl.name, done: 0, inFlight: 0, phase: "starting", failed: 0 };
    states.set(impl.name, state);
    (watcher.states as WatchState[]).push(state);
    const wrapped: Implementation = {
      name: impl.name,
      transport: impl.transport,
      start: async () => {
        try {
          return await impl.start();
        } finally {
          state.phase = "running";
          touch();
        }
      },
      call: watchedCall(impl, state, touch),
      stop: async () => {
        state.phase = "stopped";
        touch();
        return impl.stop();
      },
      kill: () => impl.kill(),
      ...(impl.statsNow ? { statsNow: () => impl.statsNow!() } : {}),
    };
    watcher.implementations.push(wrapped);
  }
  return watcher;
}

/** The implementation's call, counting what is in flight; an in-process twin (answerNowOf) is watched too. */
function watchedCall(impl: Implementation, state: WatchState, touch: () => void): Implementation["call"] {
  const call: Implementation["call"] = async (op, input, options) => {
    state.inFlight++;
    try {
      return await impl.call(op, input, options);
    } finally {
      state.inFlight--;
      touch();
    }
  };
  const now = answerNowOf(impl);
  if (now === undefined) return call;
  // Synchronous: never in flight between turns of the event loop, so only the liveness stamp moves.
  return withAnswerNow(call, (op, input) => {
    try {
      return now(op, input);
    } finally {
      touch();
    }
  });
}

/** The heartbeat line: who is being waited on, and for how long. */
export function heartbeatLine(watcher: Watcher, total: number, setupShown = false): string | undefined {
  // While a set-up prints its own progress (a venv, a cargo build), "nothing for 200s" about the
  // adapters it is setting up would contradict it: only the running ones are named then.
  const waiting = watcher.states.filter((s) => (s.phase === "starting" && !setupShown) || (s.phase === "running" && s.inFlight > 0));
  if (waiting.length === 0) return undefined;
  const secs = Math.round(watcher.idleMs() / 1000);
  const who = waiting
    .map((s) => (s.phase === "starting" ? `${s.name} (starting)` : `${s.name} (${s.done}/${total} done, ${s.inFlight} in flight)`))
    .join(", ");
  return `… still waiting on ${who}: nothing for ${secs}s`;
}

/** The live progress line on a TTY: per implementation, cases done / cases selected. */
export function progressLine(watcher: Watcher, total: number, elapsedMs: number): string {
  const parts = watcher.states.map((s) => {
    if (s.phase === "starting") return `${s.name} starting`;
    const fail = s.failed ? ` ${s.failed}✗` : "";
    return `${s.name} ${Math.min(s.done, total)}/${total}${fail}`;
  });
  return `running ${(elapsedMs / 1000).toFixed(0)}s · ${parts.join(" · ")}`;
}
