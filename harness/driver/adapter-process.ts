/**
 * One adapter process: spawned with execa and a minimal explicit environment, read line by line
 * on stdout, with the tail of its stderr kept as evidence. Reports its end once, after its last
 * stdout line has been delivered.
 */

import { createInterface } from "node:readline";
import { execa, type ResultPromise } from "execa";

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
  /** Why it could not start or ended abnormally, in execa's words. */
  readonly message: string;
}

const STDERR_TAIL_BYTES = 64 * 1024;

export class AdapterProcess {
  private readonly child: ResultPromise;
  private stderr = "";
  private exitInfo: ExitInfo | undefined;
  private stdoutClosed = false;
  private reported = false;

  constructor(
    command: AdapterCommand,
    private readonly onLine: (line: string) => void,
    private readonly onEnd: (info: ExitInfo) => void,
  ) {
    this.child = execa(command.file, [...command.args], {
      env: { ...command.env },
      extendEnv: false,
      ...(command.cwd !== undefined ? { cwd: command.cwd } : {}),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      buffer: false,
      reject: false,
      cleanup: true,
      encoding: "utf8",
    });
    this.child.stdin?.on("error", () => {}); // EPIPE after a crash: the exit handler reports it
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    if (this.child.stdout) {
      const lines = createInterface({ input: this.child.stdout, crlfDelay: Infinity });
      lines.on("line", (line) => this.onLine(line));
      lines.on("close", () => {
        this.stdoutClosed = true;
        this.maybeReport();
      });
    } else {
      this.stdoutClosed = true;
    }
    void this.child.then((result) => {
      this.exitInfo = {
        code: result.exitCode ?? null,
        signal: result.signal ?? null,
        message: result.failed ? (result.shortMessage ?? "failed") : `exited with code ${result.exitCode}`,
      };
      this.stdoutClosed ||= !this.child.stdout || this.child.stdout.readableEnded || this.child.stdout.destroyed;
      this.maybeReport();
    });
  }

  private maybeReport(): void {
    if (this.reported || !this.exitInfo || !this.stdoutClosed) return;
    this.reported = true;
    this.onEnd(this.exitInfo);
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

  kill(): void {
    if (this.alive) this.child.kill("SIGKILL");
  }

  stderrTail(): string {
    return this.stderr;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves when the process has ended and its output has been read. */
  async ended(): Promise<void> {
    await this.child;
  }
}
