/**
 * The history file on disk (JSON lines, history-command.ts). A run killed while appending leaves a
 * last line without its newline: the next entry starts on a line of its own, never glued to it, and
 * a reader skips such a line with a one-line warning naming file and line, so an older run's debris
 * never fails a finished run. A FIFO or device as the file would block open(2) past any signal:
 * only a regular file (or none yet) is taken, checked before a run starts and again on open.
 */
import { accessSync, closeSync, constants, existsSync, fstatSync, openSync, readSync, statSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { HistoryEntry } from "../model/history.ts";
import { OutputError } from "../util/output-error.ts";
import { kindOf, readUserFile } from "../util/read-user-file.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";

/** Broken lines named one by one before the rest are only counted. */
const NAMED_BROKEN_LINES = 3;

/** Refuses, before any run, a history path that is not a regular file or cannot be written. */
export function checkHistoryPath(file: string): void {
  let exists = true;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new UsageError(`history file ${file} is ${kindOf(stat)}, not a regular file`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new UsageError(`history file ${file}: ${(error as Error).message}`);
    exists = false;
  }
  const target = exists ? file : dirname(file);
  if (!exists && !existsSync(target)) throw new UsageError(`history file ${file}: its folder ${target} does not exist`);
  try {
    accessSync(target, constants.W_OK);
  } catch {
    throw new UsageError(`history file ${file}: ${exists ? "the file" : `its folder ${target}`} is not writable`);
  }
}

/** Appends entries as whole lines, after a newline when the file's last line was cut short. */
export function appendHistoryLines(file: string, entries: readonly HistoryEntry[]): void {
  let fd: number;
  try {
    // Non-blocking: a FIFO swapped in since the check must not hang the open; fstat refuses it below.
    fd = openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o666);
  } catch (error) {
    throw new OutputError(file, (error as Error).message);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`history file ${file} is ${kindOf(stat)}, not a regular file`);
    const last = Buffer.alloc(1);
    const cutShort = stat.size > 0 && readSync(fd, last, 0, 1, stat.size - 1) === 1 && last[0] !== 0x0a;
    const text = Buffer.from(`${cutShort ? "\n" : ""}${entries.map((e) => `${JSON.stringify(e)}\n`).join("")}`);
    for (let at = 0; at < text.length; ) at += writeSync(fd, text, at);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new OutputError(file, (error as Error).message);
  } finally {
    closeSync(fd);
  }
}

/** Why a parsed line is not a history entry (the views read every one of these fields), or undefined. */
function notAnEntry(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const e = value as Record<string, unknown>;
  for (const key of ["at", "run_id", "kit_version", "corpus_sha256", "implementation", "protocol", "level"])
    if (typeof e[key] !== "string") return `no ${key}`;
  for (const tier of ["must", "should"]) {
    const tally = e[tier] as Record<string, unknown> | null | undefined;
    for (const key of ["required", "passed", "known_gaps", "unverified"]) if (typeof tally?.[key] !== "number") return `no ${tier}.${key}`;
  }
  return undefined;
}

/** The entries of a history file; a broken line is skipped and named on stderr (through `warn`). */
export function readHistoryLines(file: string, warn = (line: string) => process.stderr.write(terminalSafe(`${line}\n`))): HistoryEntry[] {
  if (!existsSync(file)) throw new UsageError(`no history file ${file}: record one with run --history ${file}`);
  const lines = readUserFile(file, "history file").split("\n");
  const entries: HistoryEntry[] = [];
  const broken: string[] = [];
  lines.forEach((text, i) => {
    if (text.trim() === "") return;
    let value: unknown;
    let why: string | undefined;
    try {
      value = JSON.parse(text);
      why = notAnEntry(value);
    } catch (error) {
      why = `${i === lines.length - 1 ? "cut short, no newline at its end: " : ""}${(error as Error).message}`;
    }
    if (why === undefined) entries.push(value as HistoryEntry);
    else broken.push(`${file}:${i + 1}: not a history entry, skipped (${why})`);
  });
  for (const line of broken.slice(0, NAMED_BROKEN_LINES)) warn(`warning: ${line}`);
  if (broken.length > NAMED_BROKEN_LINES)
    warn(`warning: ${file}: ${broken.length - NAMED_BROKEN_LINES} more lines are not history entries, skipped`);
  if (entries.length === 0 && broken.length > 0) throw new UsageError(`${file} holds no history entry (is it a history file?)`);
  return entries;
}
