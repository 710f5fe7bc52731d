/**
 * One adapter process, in a process group of its own, with a minimal explicit environment. Its
 * stdout is read as bounded, strictly decoded lines; the tail of its stderr is kept as evidence.
 * The process's exit is tracked apart from its pipes: when it exits, its whole group is killed, and
 * its end is reported once its output has drained, or after a short wait if something outside the
 * group still holds the pipe, so a lingering grandchild can never keep a run from ending. What it
 * left running outside its group (a daemonised Server: util/process-groups.ts) is killed then, and named.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { ADAPTER_MARKER, forgetGroup, killGroup, killOwned, trackGroup } from "../util/process-groups.ts";
import { LineReader } from "./line-reader.ts";

export interface AdapterCommand {
  readonly file: string;
  readonly args: readonly string[];
  /** The whole environment the adapter gets: nothing is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: string | null;
  /** Why it could not start or how it ended, in words. */
  readonly message: string;
  /** Processes it left running outside its process group, which the harness killed: `pid (command line)`. */
  readonly leftBehind?: readonly string[];
}

/** What the process reports to its owner. */
export interface AdapterEvents {
  line(line: string): void;
  /** A line that is not valid UTF-8 (decoded lossily, for attribution only). */
  invalidLine(lossy: string): void;
  /** A line longer than the limit: its bytes were dropped. */
  oversizeLine(limit: number): void;
  end(info: ExitInfo): void;
}

const STDERR_TAIL_BYTES = 64 * 1024;
/** After the adapter exits, how long its stdout may take to drain before the harness stops waiting. */
const DRAIN_MS = 500;

export class AdapterProcess {
  private readonly child: ChildProcess;
  private readonly pgid: number | undefined;
  /** In the adapter's environment, so in every process it starts, daemons included. */
  private readonly markerId = randomUUID();
  private readonly marker = `${ADAPTER_MARKER}=${this.markerId}`;
  private stderr = "";
  private exitInfo: ExitInfo | undefined;
  private stdoutDone = false;
  private reported = false;
  private drainTimer: NodeJS.Timeout | undefined;
  private readonly endedPromise: Promise<void>;
  private resolveEnded!: () => void;

  constructor(
    command: AdapterCommand,
    private readonly events: AdapterEvents,
    maxLineBytes: number,
  ) {
    this.endedPromise = new Promise((resolve) => {
      this.resolveEnded = resolve;
    });
    this.child = spawn(command.file, [...command.args], {
      env: { ...command.env, [ADAPTER_MARKER]: this.markerId },
      ...(command.cwd !== undefined ? { cwd: command.cwd } : {}),
      stdio: ["pipe", "pipe", "pipe"],
      detached: true, // a process group (and session) of its own, killed whole
    });
    this.pgid = this.child.pid;
    if (this.pgid !== undefined) trackGroup(this.pgid, this.marker);
    this.child.stdin?.on("error", () => {}); // EPIPE after a crash: the exit handler reports it
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    this.child.stderr?.on("error", () => {});
    const reader = new LineReader(maxLineBytes, {
      line: (line) => this.events.line(line),
      invalid: (lossy) => this.events.invalidLine(lossy),
      oversize: (limit) => this.events.oversizeLine(limit),
    });
    const stdout = this.child.stdout!;
    stdout.on("data", (chunk: Buffer) => reader.push(chunk));
    stdout.on("error", () => {});
    const outputEnded = () => {
      if (this.stdoutDone) return;
      reader.end();
      this.stdoutDone = true;
      this.maybeReport();
    };
    stdout.on("end", outputEnded);
    stdout.on("close", outputEnded);
    this.child.on("error", (error) => {
      // Could not start (ENOENT, EACCES): no exit event follows.
      if (this.exitInfo !== undefined) return;
      this.exitInfo = { code: null, signal: null, message: `could not start: ${error.message}` };
      this.afterExit();
    });
    this.child.on("exit", (code, signal) => {
      this.exitInfo = { code, signal, message: code !== null ? `exited with code ${code}` : `killed by signal ${signal}` };
      this.afterExit();
    });
  }

  /** The adapter is gone: kill what is left of its group and what it left outside it, give its stdout a moment to drain, then report. */
  private afterExit(): void {
    if (this.pgid !== undefined) {
      const leftBehind = killOwned(this.pgid, this.marker);
      forgetGroup(this.pgid);
      if (leftBehind.length > 0) this.exitInfo = { ...this.exitInfo!, leftBehind };
    }
    if (!this.stdoutDone)
      this.drainTimer = setTimeout(() => {
        this.child.stdout?.destroy();
        this.stdoutDone = true;
        this.maybeReport();
      }, DRAIN_MS);
    this.maybeReport();
  }

  private maybeReport(): void {
    if (this.reported || !this.exitInfo || !this.stdoutDone) return;
    this.reported = true;
    clearTimeout(this.drainTimer);
    this.events.end(this.exitInfo);
    this.resolveEnded();
  }

  get alive(): boolean {
    return this.exitInfo === undefined;
  }

  write(line: string): void {
    if (this.alive && this.child.stdin?.writable) this.child.stdin.write(line);
  }

  /** Closes stdin: a well-behaved adapter exits when its input ends. */
  endInput(): void {
    this.child.stdin?.end();
  }

  /** Kills the adapter's whole process group at once. */
  kill(): void {
    if (!this.alive) return;
    if (this.pgid !== undefined) killGroup(this.pgid);
    this.child.kill("SIGKILL");
  }

  stderrTail(): string {
    return this.stderr;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves when the process has exited and its output has been read (or given up on). */
  ended(): Promise<void> {
    return this.endedPromise;
  }
}
