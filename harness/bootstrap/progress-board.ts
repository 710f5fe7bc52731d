/**
 * One progress line per SDK being set up, on stderr. On a terminal the lines are redrawn in place
 * (and anything else written to stdout / stderr meanwhile is printed above them, not over them);
 * elsewhere (CI logs, pipes) each line is printed when its step changes and every ~10 s.
 */
import { formatStatus, type SetupStatus } from "./tool-progress.ts";

/** The part of a stream the board writes to (a fake in tests). */
export interface BoardOutput {
  write(text: string): boolean;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface BoardOptions {
  readonly now?: () => number;
  /** Non-terminal: a line is printed again after this long without a change of step. */
  readonly lineEveryMs?: number;
  /** Terminal: the redraw period (elapsed times tick) and the least time between redraws. */
  readonly redrawMs?: number;
  /** Terminal: streams whose other writes are moved above the board. */
  readonly intercept?: readonly NodeJS.WriteStream[];
}

/** One SDK's line: updated with a status, ended with a closing message. */
export interface ProgressLine {
  update(status: SetupStatus): void;
  /** Removes the line and prints `message` (always printed, terminal or not). */
  end(message: string): void;
}

interface Entry {
  readonly label: string;
  readonly started: number;
  status: SetupStatus;
  printedAt: number;
  printedStep: string | undefined;
}

export class ProgressBoard {
  private readonly entries = new Set<Entry>();
  private readonly now: () => number;
  private readonly lineEveryMs: number;
  private readonly redrawMs: number;
  private readonly tty: boolean;
  private readonly write: (text: string) => void;
  private drawn = 0;
  private lastDraw = 0;
  private timer: NodeJS.Timeout | undefined;
  private restores: (() => void)[] = [];
  /** A foreign write left the cursor mid-line: wait for its newline before drawing. */
  private midLine = false;
  /** When a set-up last showed something (a line started, updated or ended); 0: never. */
  private lastNews = 0;

  constructor(
    private readonly out: BoardOutput,
    private readonly options: BoardOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.lineEveryMs = options.lineEveryMs ?? 10_000;
    this.redrawMs = options.redrawMs ?? 250;
    this.tty = out.isTTY === true;
    const write = out.write;
    this.write = (text) => void write.call(out, text);
  }

  /** A set-up is showing its own progress lines (counts, elapsed time). */
  get busy(): boolean {
    return this.entries.size > 0;
  }

  /**
   * Milliseconds since a set-up last showed news (a line started, updated or ended);
   * Infinity when none ever did. Whoever says "nothing for N s" counts from here too: after
   * "ready in 1 m 37 s" the wait has lasted seconds, not the set-up's 97.
   */
  idleMs(): number {
    return this.lastNews === 0 ? Number.POSITIVE_INFINITY : this.now() - this.lastNews;
  }

  /** Prints a line that stays (above the progress lines on a terminal). */
  print(text: string): void {
    if (!this.tty || this.entries.size === 0) this.write(`${text}\n`);
    else this.write(`${this.erase()}${text}\n${this.render()}`);
  }

  /** Starts a progress line for `label`, timed from now. */
  start(label: string, status: SetupStatus): ProgressLine {
    const entry: Entry = { label, started: this.now(), status, printedAt: 0, printedStep: undefined };
    this.lastNews = entry.started;
    if (this.entries.size === 0) this.activate();
    this.entries.add(entry);
    this.refresh(true);
    return {
      update: (next) => {
        if (!this.entries.has(entry)) return;
        this.lastNews = this.now();
        entry.status = next;
        this.refresh(false);
      },
      end: (message) => {
        if (!this.entries.delete(entry)) return;
        this.lastNews = this.now();
        if (this.tty) this.write(`${this.erase()}${message}\n${this.render()}`);
        else this.write(`${message}\n`);
        if (this.entries.size === 0) this.deactivate();
      },
    };
  }

  /** Redraws (terminal, throttled unless `now`) or prints the lines that are due (elsewhere). */
  private refresh(force: boolean): void {
    const now = this.now();
    if (this.tty) {
      if (this.midLine || (!force && now - this.lastDraw < this.redrawMs)) return;
      this.lastDraw = now;
      this.write(`${this.erase()}${this.render()}`);
      return;
    }
    for (const entry of this.entries) {
      if (entry.status.step === entry.printedStep && now - entry.printedAt < this.lineEveryMs) continue;
      entry.printedStep = entry.status.step;
      entry.printedAt = now;
      this.write(`${this.text(entry, now)}\n`);
    }
  }

  private text(entry: Entry, now: number): string {
    return formatStatus(entry.label, entry.status, now - entry.started);
  }

  /** The escape sequence that moves up over the drawn lines and clears them. */
  private erase(): string {
    if (this.drawn === 0) return "";
    const up = `\x1b[${this.drawn}F\x1b[J`;
    this.drawn = 0;
    return up;
  }

  /** The current lines, each cut to the terminal's width so none wraps (wrapping would break `erase`). */
  private render(): string {
    if (this.midLine) return "";
    const width = Math.max(20, (this.out.columns ?? 80) - 1);
    const now = this.now();
    let text = "";
    for (const entry of this.entries) {
      const line = this.text(entry, now);
      text += `${line.length > width ? `${line.slice(0, width - 1)}…` : line}\n`;
    }
    this.drawn = this.entries.size;
    return text;
  }

  private activate(): void {
    this.timer = setInterval(() => this.refresh(this.tty), this.tty ? Math.max(this.redrawMs, 1000) : 1000);
    this.timer.unref();
    if (this.tty) for (const stream of this.options.intercept ?? []) this.restores.push(this.interceptWrites(stream));
  }

  private deactivate(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const restore of this.restores.splice(0)) restore();
    this.midLine = false;
  }

  /** Until restored, another write to `stream` erases the board, is written, and the board is drawn below it. */
  private interceptWrites(stream: NodeJS.WriteStream): () => void {
    const original = stream.write;
    const board = this;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      const erase = board.erase();
      if (erase) board.write(erase);
      const result = (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
      if (text.length > 0) board.midLine = !text.endsWith("\n");
      if (!board.midLine) board.write(board.render());
      return result;
    } as NodeJS.WriteStream["write"];
    return () => {
      stream.write = original;
    };
  }
}

let stderrBoard: ProgressBoard | undefined;

/** The board every set-up in this process shares, on stderr. */
export function setupBoard(): ProgressBoard {
  stderrBoard ??= new ProgressBoard(process.stderr, { intercept: [process.stdout, process.stderr] });
  return stderrBoard;
}
