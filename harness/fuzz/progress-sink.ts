/**
 * Fuzz progress on the console without burying the summary: each operation's exploration line is
 * printed, while the shrink steps (one line per shrunk case, dozens in a long run) become one line
 * rewritten in place on a terminal, or just a count elsewhere. Every line is kept for the
 * progress log written beside the summary.
 */
import { terminalSafe } from "../util/terminal-text.ts";

/** The lines `fuzz()` reports per shrunk case (see shrinkAll in fuzz-run.ts). */
const SHRINK_LINE = /^fuzz: shrank /;

export interface ProgressSink {
  /** Takes one progress line from `fuzz()`. */
  readonly line: (text: string) => void;
  /** Ends the live line and says how many cases were shrunk and where each is described. */
  readonly close: (logFile: string | undefined) => void;
  /** Every line received, in order, for the log file. */
  readonly lines: readonly string[];
}

export function progressSink(write: (text: string) => void, tty: boolean, columns = 100): ProgressSink {
  const lines: string[] = [];
  let shrunk = 0;
  let live = false;
  const clearLive = () => {
    if (live) write("\r\x1b[K");
    live = false;
  };
  return {
    lines,
    line(text) {
      lines.push(text);
      if (!SHRINK_LINE.test(text)) {
        clearLive();
        write(`${terminalSafe(text)}\n`);
        return;
      }
      shrunk++;
      if (!tty) return;
      const status = `fuzz: shrinking… ${shrunk} cases shrunk (last: ${text.replace(SHRINK_LINE, "")})`;
      write(`\r\x1b[K${terminalSafe(status).slice(0, columns - 1)}`);
      live = true;
    },
    close(logFile) {
      clearLive();
      if (shrunk > 0) write(`fuzz: shrank ${shrunk} cases${logFile ? ` (each one: ${logFile})` : ""}\n`);
    },
  };
}
