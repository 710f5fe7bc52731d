/**
 * Watching a run from outside the runner: each implementation is wrapped so the CLI sees when it
 * starts and when each call returns. That feeds the progress line (a TTY), the heartbeat (otherwise:
 * a line naming the adapters waited on when nothing happened for a few seconds) and --bail (the
 * first failing case aborts the run). The runner itself is unchanged: the wrapper only observes.
 */
import { judge } from "../diff/judge.ts";
import type { Expectations } from "../expectations/load-expectations.ts";
import type { Answer, Implementation } from "../model/implementation.ts";
import { applyGap, type Gap, isFailing } from "../model/status.ts";
import type { Vector } from "../model/vector.ts";
import { judgedResult } from "../run/transport-cases.ts";

export interface WatchState {
  readonly name: string;
  /** Calls answered so far. */
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
  /** Set by --bail: called once with the first failing case. */
  onFailure?: (implementation: string, vectorId: string) => void;
}

export function watch(
  implementations: readonly Implementation[],
  vectors: readonly Vector[],
  expectations: ReadonlyMap<string, Expectations>,
): Watcher {
  // A case's call carries its vector's own input object: that identity names the vector.
  const byInput = new Map<unknown, Vector>(vectors.map((v) => [v.input, v]));
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  const states: WatchState[] = [];
  const watcher: Watcher = {
    implementations: [],
    states,
    idleMs: () => Date.now() - last,
  };
  for (const impl of implementations) {
    const state: WatchState = { name: impl.name, done: 0, inFlight: 0, phase: "starting", failed: 0 };
    states.push(state);
    const gaps = expectations.get(impl.name)?.gaps;
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
      call: async (op, input, options) => {
        state.inFlight++;
        try {
          const answer = await impl.call(op, input, options);
          const vector = byInput.get(input);
          if (vector && failing(vector, answer, gaps)) {
            state.failed++;
            watcher.onFailure?.(impl.name, vector.id);
          }
          return answer;
        } finally {
          state.inFlight--;
          state.done++;
          touch();
        }
      },
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

/** Whether the runner will record this answer as failing. Observing never breaks a run: if judging throws, the runner meets the same error itself. */
function failing(vector: Vector, answer: Answer, gaps: ReadonlyMap<string, Gap> | undefined): boolean {
  try {
    return isFailing(applyGap(judge(vector, judgedResult(answer)).status, gaps?.get(vector.id)));
  } catch {
    return false;
  }
}

/** The heartbeat line: who is being waited on, and for how long. */
export function heartbeatLine(watcher: Watcher, total: number): string | undefined {
  const waiting = watcher.states.filter((s) => s.phase === "starting" || (s.phase === "running" && s.inFlight > 0));
  if (waiting.length === 0) return undefined;
  const secs = Math.round(watcher.idleMs() / 1000);
  const who = waiting
    .map((s) => (s.phase === "starting" ? `${s.name} (starting)` : `${s.name} (${s.done}/${total} answered, ${s.inFlight} in flight)`))
    .join(", ");
  return `… still waiting on ${who}: nothing for ${secs}s`;
}

/** The live progress line on a TTY: per implementation, calls answered / cases selected. */
export function progressLine(watcher: Watcher, total: number, elapsedMs: number): string {
  const parts = watcher.states.map((s) => {
    if (s.phase === "starting") return `${s.name} starting`;
    const fail = s.failed ? ` ${s.failed}✗` : "";
    return `${s.name} ${Math.min(s.done, total)}/${total}${fail}`;
  });
  return `running ${(elapsedMs / 1000).toFixed(0)}s · ${parts.join(" · ")}`;
}
