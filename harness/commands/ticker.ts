/**
 * What the console shows while a run is going: on a TTY a live progress line (rewritten in place
 * on stderr); otherwise, a heartbeat line whenever nothing has happened for a while, naming the
 * adapters waited on, so a hung adapter is never silent for the whole case timeout.
 */

import { setupBoard } from "../bootstrap/progress-board.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { heartbeatLine, progressLine, type Watcher } from "./watch.ts";

/** Quiet this long before the first heartbeat, and between heartbeats (SMCP_CONFORMANCE_HEARTBEAT_MS overrides). */
export const HEARTBEAT_MS = 5000;

export function heartbeatMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env["SMCP_CONFORMANCE_HEARTBEAT_MS"]);
  return Number.isInteger(n) && n > 0 ? n : HEARTBEAT_MS;
}

export function startTicker(
  watcher: Watcher,
  total: number,
  options: { readonly tty: boolean; readonly heartbeatMs?: number },
): () => void {
  const started = Date.now();
  const every = options.heartbeatMs ?? heartbeatMs();
  let lastBeat = 0;
  const timer = setInterval(
    () => {
      if (options.tty) {
        const text = progressLine(watcher, total, Date.now() - started).slice(0, (process.stderr.columns ?? 100) - 1);
        process.stderr.write(`\r\x1b[K${terminalSafe(text)}`);
        return;
      }
      if (watcher.idleMs() < every || Date.now() - lastBeat < every) return;
      const beat = heartbeatLine(watcher, total, setupBoard().busy);
      if (beat) {
        lastBeat = Date.now();
        process.stderr.write(`${terminalSafe(beat)}\n`);
      }
    },
    options.tty ? 200 : Math.min(1000, every),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    if (options.tty) process.stderr.write("\r\x1b[K");
  };
}
