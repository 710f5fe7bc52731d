// Issue 41, finding 1: a history file whose last line was cut short (a run killed mid-append) no
// longer has the next entry glued onto it, and a finished run is not turned into exit 2 by it; a
// FIFO as the history file is refused before the run instead of blocking it past SIGTERM.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { historyCommand } from "../../harness/commands/history-command.ts";
import { runCommand } from "../../harness/commands/run-command.ts";
import { BIN } from "../cli/cli-helpers.ts";

const ONE = "plugin-id/form/plugin-at-marketplace";
const GOOD =
  '{"at":"2026-12-01T10:00:00Z","run_id":"r1","kit_version":"0.1.0","corpus_sha256":"ab","implementation":"reference","protocol":"0.4.0",' +
  '"must":{"required":1,"passed":1,"known_gaps":0,"failed":0,"unverified":0},"should":{"required":0,"passed":0,"known_gaps":0,"failed":0,"unverified":0},"level":"conforming"}';
const HALF = GOOD.slice(0, 90);

function captured() {
  const err: string[] = [];
  const out: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((c) => err.push(String(c)) > 0);
  vi.spyOn(process.stdout, "write").mockImplementation((c) => out.push(String(c)) > 0);
  return { err: () => err.join(""), out: () => out.join("") };
}

function cutShortHistory(): string {
  const file = join(mkdtempSync(join(tmpdir(), "history-")), "h.jsonl");
  writeFileSync(file, `${GOOD}\n${HALF}`);
  return file;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A finished run's report.json, for history --add. */
let report: string;
beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), "history-out-"));
  captured();
  expect(await runCommand({ impl: "reference", filter: ONE, adapter: [], vectors: [], out, quiet: true })).toBe(0);
  vi.restoreAllMocks();
  report = join(out, "latest", "report.json");
}, 60_000);

describe("run --history onto a history whose last line was cut short", () => {
  it("exits with the run's own code, appends on a line of its own, and names the broken line once", async () => {
    const file = cutShortHistory();
    const io = captured();
    const out = mkdtempSync(join(tmpdir(), "history-out-"));
    const code = await runCommand({ impl: "reference", filter: ONE, adapter: [], vectors: [], out, history: file, quiet: true });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    // A one-vector run is a selection: its statement stays out of the trend (issue 44, item 4), and
    // the broken tail is closed by a newline all the same.
    expect(readFileSync(file, "utf8")).toBe(`${GOOD}\n${HALF}\n`);
    expect(io.err()).toMatch(
      new RegExp(`^history: reference not appended to ${file}: a selection \\(1 of \\d{3,} required MUST vectors ran\\)$`, "m"),
    );
    const warnings = io
      .err()
      .split("\n")
      .filter((l) => l.startsWith("warning:"));
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^warning: ${file}:2: not a history entry, skipped \\(.+\\)$`))]);
    expect(existsSync(join(out, "latest", "history.html"))).toBe(true);
  }, 60_000);

  it("history --add does the same, and `history` prints every whole entry", () => {
    const file = cutShortHistory();
    const io = captured();
    // A report of a kit before scopes (no corpus.required, no stored statements) is appended whole.
    const older = JSON.parse(readFileSync(report, "utf8"));
    delete older.corpus.required;
    delete older.statements;
    const olderFile = join(mkdtempSync(join(tmpdir(), "history-older-")), "report.json");
    writeFileSync(olderFile, JSON.stringify(older));
    expect(historyCommand(file, { add: [olderFile] })).toBe(0);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(4); // good, the broken tail as it was, the new entry, the final ""
    expect(lines.slice(0, 2)).toEqual([GOOD, HALF]);
    expect(JSON.parse(lines[2]!)).toMatchObject({ implementation: "reference", must: { required: 1, passed: 1 } });
    expect(io.out()).toContain("reference (2 runs)");
    expect(io.err()).toMatch(new RegExp(`^warning: ${file}:2: not a history entry, skipped \\(.+\\)\\n$`));
  });

  it("a broken last line alone is named as cut short; a file of no entries at all is a usage error", () => {
    const file = cutShortHistory();
    const io = captured();
    expect(historyCommand(file, {})).toBe(0);
    expect(io.err()).toMatch(/:2: not a history entry, skipped \(cut short, no newline at its end: /);
    writeFileSync(file, "{}\nnot json\n");
    expect(() => historyCommand(file, {})).toThrow(`${file} holds no history entry (is it a history file?)`);
  });
});

describe.runIf(existsSync("/usr/bin/mkfifo") || existsSync("/bin/mkfifo"))("a FIFO as the history file", () => {
  const fifo = () => {
    const dir = mkdtempSync(join(tmpdir(), "history-fifo-"));
    execFileSync("mkfifo", [join(dir, "h.jsonl")]);
    return { dir, path: join(dir, "h.jsonl") };
  };
  // A child process: before the fix the open(2) blocked it beyond SIGTERM, so only SIGKILL ends it.
  const cli = (args: string[]) =>
    execa("node", [BIN, ...args], { reject: false, stdin: "ignore", timeout: 25_000, killSignal: "SIGKILL", env: { NO_COLOR: "1" } });

  it("run --history <fifo> is a one-line usage error naming it, before the run", async () => {
    const { dir, path } = fifo();
    const out = join(dir, "out");
    const result = await cli(["run", "--impl", "reference", "--filter", ONE, "--out", out, "--history", path]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`usage error: history file ${path} is a FIFO, not a regular file`);
    expect(existsSync(out)).toBe(false); // refused before --out was prepared: nothing ran
  }, 40_000);

  it("history <fifo> --add is refused the same way", async () => {
    const { path } = fifo();
    const result = await cli(["history", path, "--add", report]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`usage error: history file ${path} is a FIFO, not a regular file`);
  }, 40_000);
});
