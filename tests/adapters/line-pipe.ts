// An adapter process driven over raw pipes: the test decides exactly what bytes go in per write.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export class LinePipe {
  readonly lines: string[] = [];
  private readonly proc: ChildProcessWithoutNullStreams;
  private waiter: (() => void) | undefined;

  constructor(command: { file: string; args: string[]; env: Record<string, string> }) {
    this.proc = spawn(command.file, command.args, { env: command.env, stdio: "pipe" });
    this.proc.stderr.resume();
    createInterface({ input: this.proc.stdout, crlfDelay: Infinity }).on("line", (line) => {
      this.lines.push(line);
      this.waiter?.();
    });
  }

  /** One write call (the pipe may still deliver it in pieces, as a real burst would be). */
  write(data: string | Uint8Array): void {
    this.proc.stdin.write(data);
  }

  /** Resolves once `count` lines arrived; rejects after `ms` with what did arrive. */
  waitForLines(count: number, ms = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.lines.length} of ${count} lines after ${ms} ms`)), ms);
      this.waiter = () => {
        if (this.lines.length < count) return;
        clearTimeout(timer);
        this.waiter = undefined;
        resolve();
      };
      this.waiter();
    });
  }

  /** Sends shutdown and resolves with the exit code. */
  shutdown(): Promise<number | null> {
    return new Promise((resolve) => {
      this.proc.on("exit", (code) => resolve(code));
      this.proc.stdin.end('{"type":"shutdown"}\n');
    });
  }

  kill(): void {
    this.proc.kill();
  }
}
