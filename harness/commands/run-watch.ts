/**
 * Watching a run from the console: the implementations wrapped (watch.ts), `--bail`'s stop at the
 * first failing case, and the ticker (progress line or heartbeat), whose "nothing for N s" counts
 * from the SDK set-up's last news too (an adapter that just finished a 97 s build has been quiet
 * for seconds, not 97 s).
 */

import { setupBoard } from "../bootstrap/progress-board.ts";
import type { Implementation } from "../model/implementation.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { BAIL } from "./run-endings.ts";
import { startTicker } from "./ticker.ts";
import { type Watcher, type WatchState, watch } from "./watch.ts";

export interface RunWatch {
  readonly watcher: Watcher;
  /** Aborted with BAIL by --bail's first failing case. */
  readonly bail: AbortSignal;
}

export function watchRun(implementations: readonly Implementation[], bailOnFailure: boolean, allIn?: { readonly total: number }): RunWatch {
  const watcher = watch(implementations);
  // Results as soon as they are in: an implementation whose cases are all recorded says so while
  // the others (a Rust adapter still building, a slow SDK) go on; the report comes at the end.
  if (allIn) {
    const began = performance.now();
    watcher.expected = allIn.total;
    // On a TTY the progress line is cleared first; the ticker draws it again below.
    const clear = process.stderr.isTTY === true ? "\r\x1b[K" : "";
    watcher.onAllIn = (state, others) => process.stderr.write(clear + terminalSafe(allInLine(state, others, performance.now() - began)));
  }
  // --bail: the first failing case (any kind, transport and not-sent ones included) stops the run
  // like a signal would; the runner has recorded it by then, so the report holds it and says why it stopped.
  const bail = new AbortController();
  if (bailOnFailure)
    watcher.onFailure = (impl, id) => {
      if (bail.signal.aborted) return;
      process.stderr.write(terminalSafe(`--bail: ${impl} fails ${id}; stopping\n`));
      bail.abort(BAIL);
    };
  return { watcher, bail: bail.signal };
}

/** The watcher as the ticker sees it: idle since the later of the last case event and the set-up board's last news. */
export function withSetupNews(watcher: Watcher, setupIdleMs: () => number = () => setupBoard().idleMs()): Watcher {
  return Object.assign(Object.create(watcher) as Watcher, { idleMs: () => Math.min(watcher.idleMs(), setupIdleMs()) });
}

/** Starts the console's ticker for the run (none with --json); returns its stop. */
export function startRunTicker(watcher: Watcher, total: number, json: boolean): () => void {
  if (json) return () => {};
  return startTicker(withSetupNews(watcher), total, { tty: process.stderr.isTTY === true });
}

/** The line an implementation gets once its cases are all in. */
export function allInLine(state: WatchState, others: readonly WatchState[], elapsedMs: number): string {
  const going = others.filter((s) => s.done < state.done).map((s) => (s.phase === "starting" ? `${s.name} (starting)` : s.name));
  const failing = state.failed > 0 ? `${state.failed} failing` : "none failing";
  return `${state.name}: all ${state.done} cases in after ${(elapsedMs / 1000).toFixed(1)} s, ${failing}${going.length > 0 ? `; still running: ${going.join(", ")}` : ""}\n`;
}
