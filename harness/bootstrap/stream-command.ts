/**
 * Runs a set-up command with its raw output (stdout and stderr, interleaved) appended to a log
 * file, and each complete output line passed to `onLine` as it comes (for a progress count).
 * The command gets a process group and a marker of its own, so an interrupt that abandons it ends
 * everything it started, even a child forked as the run was exiting (util/process-groups.ts).
 */
import { randomUUID } from "node:crypto";
import { execa } from "execa";
import { forgetGroup, killOwned, SETUP_MARKER, trackGroup } from "../util/process-groups.ts";
import { logTail, type SetupLog } from "./setup-log.ts";

export class BootstrapError extends Error {
  override readonly name = "BootstrapError";
}

/** Lines of the log quoted in a failure's message (the message is kept with every case of the SDK). */
export const TAIL_LINES = 15;
const MAX_TAIL_LINE = 240;

export interface StreamOptions {
  readonly log: SetupLog;
  readonly onLine?: (line: string) => void;
  readonly env?: Record<string, string>;
}

export async function streamCommand(command: readonly string[], { log, onLine, env }: StreamOptions): Promise<void> {
  log.write(`$ ${command.join(" ")}\n`);
  const markerId = randomUUID();
  const child = execa(command[0]!, command.slice(1), {
    all: true,
    reject: false,
    buffer: false,
    stdin: "ignore",
    detached: true, // its own group and session: killed whole
    env: { ...env, [SETUP_MARKER]: markerId },
  });
  const marker = `${SETUP_MARKER}=${markerId}`;
  if (child.pid !== undefined) trackGroup(child.pid, marker);
  // Once the step itself has exited, nothing it started keeps running (nor holds its output open).
  child.on("exit", () => {
    if (child.pid !== undefined) killOwned(child.pid, marker);
  });
  child.all?.setEncoding("utf8");
  let rest = "";
  child.all?.on("data", (chunk: string) => {
    log.write(chunk);
    const lines = (rest + chunk).split(/\r?\n|\r/);
    rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onLine?.(line);
  });
  const result = await child;
  if (child.pid !== undefined) forgetGroup(child.pid);
  if (rest.trim()) onLine?.(rest);
  if (result.exitCode !== 0) {
    const why = result.exitCode === undefined ? (result.shortMessage ?? "it did not start") : `exit code ${result.exitCode}`;
    log.write(`\n[${why}]\n`);
    throw failure(`${command.join(" ")} failed (${why})`, log.path);
  }
}

/** A set-up failure naming its log and quoting the log's last lines. */
export function failure(message: string, logPath: string): BootstrapError {
  const tail = logTail(logPath, TAIL_LINES).map((line) => `  | ${line.length > MAX_TAIL_LINE ? `${line.slice(0, MAX_TAIL_LINE)}…` : line}`);
  return new BootstrapError(`${message}; full output in ${logPath}${tail.length > 0 ? `; its last lines:\n${tail.join("\n")}` : ""}`);
}
