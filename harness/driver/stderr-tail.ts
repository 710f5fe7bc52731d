/** What an adapter wrote to stderr, kept across its restarts (the last 64 KiB), for its stats and fault messages. */
import { truncate } from "../protocol/messages.ts";

const KEPT = 64 * 1024;
const RESTART = "\n--- restart ---\n";

export class StderrTail {
  private kept = "";

  /** Keeps the tail of a process that is going away (a restart, the end). */
  keep(tail: string): void {
    if (tail) this.kept = this.with(tail);
  }

  /** What was kept, then `current` (the running process's tail). */
  with(current: string): string {
    return `${this.kept}${this.kept && current ? RESTART : ""}${current}`.slice(-KEPT);
  }

  get text(): string {
    return this.kept;
  }
}

/** The last lines of a process's stderr, as a note for a fault message ("" when it wrote none). */
export function stderrNote(tail: string | undefined): string {
  const text = tail?.trim();
  return text ? `; stderr: ${truncate(text.split("\n").slice(-5).join(" | "), 500)}` : "";
}
