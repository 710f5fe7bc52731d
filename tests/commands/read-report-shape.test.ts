// Issue 41, finding 4: a report.json whose cases (or vectors) hold something that is not a record
// (null, a number, an object without its ids) is bad input: one line naming the file and the
// position, exit 2 like any other unreadable report, in every command that reads one (it was a
// TypeError, exit 3 with a stack trace, in audit, divergences and history --add).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../harness/cli/main.ts";
import { runCommand } from "../../harness/commands/run-command.ts";

let dir: string;
let report: Record<string, unknown[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bad-report-"));
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const out = join(dir, "out");
  expect(await runCommand({ impl: "reference", filter: "plugin-id/form/", adapter: [], vectors: [], out, quiet: true })).toBe(0);
  vi.restoreAllMocks();
  report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
  expect(report["cases"]!.length).toBeGreaterThan(3);
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** The report with one entry replaced, written to a file of its own. */
function withEntry(list: "cases" | "vectors", at: number, entry: (was: Record<string, unknown>) => unknown): string {
  const copy = structuredClone(report);
  copy[list]![at] = entry(copy[list]![at] as Record<string, unknown>);
  const path = join(dir, `${list}-${at}-${Math.random().toString(16).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(copy));
  return path;
}

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  const stderr: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  vi.spyOn(process.stderr, "write").mockImplementation((c) => stderr.push(String(c)) > 0);
  const code = await main(args);
  vi.restoreAllMocks();
  process.exitCode = undefined;
  return { code, stderr: stderr.join("") };
}

describe("a report with a case that is not a case record", () => {
  it("a null case: audit, divergences, history --add, compare, coverage and merge say where, one line, exit 2", async () => {
    const path = withEntry("cases", 2, () => null);
    const history = join(dir, "history.jsonl");
    const commands = [
      ["audit", path],
      ["divergences", "--report", path],
      ["history", history, "--add", path],
      ["compare", path, path],
      ["coverage", "--report", path],
      ["merge", path, path, "--out", join(dir, "merged")],
    ];
    for (const args of commands) {
      const result = await cli(args);
      expect({ args, ...result }).toEqual({
        args,
        code: 2,
        stderr: `usage error: cannot read report ${path}: cases[2] is null, not a case record\n`,
      });
    }
  }, 120_000);

  it("other shapes: a number, an array, an object without vector_id, implementation or status, a null vector", async () => {
    const shapes: Array<[string, string]> = [
      [withEntry("cases", 1, () => 7), "cases[1] is a number, not a case record"],
      [withEntry("cases", 0, () => []), "cases[0] is an array, not a case record"],
      [withEntry("cases", 3, ({ vector_id: _, ...rest }) => rest), "cases[3] has no vector_id (a string), so it is not a case record"],
      [
        withEntry("cases", 3, (c) => ({ ...c, implementation: 5 })),
        "cases[3] has no implementation (a string), so it is not a case record",
      ],
      [withEntry("cases", 2, ({ status: _, ...rest }) => rest), "cases[2] has no status (a string), so it is not a case record"],
      [withEntry("vectors", 1, () => null), "vectors[1] is null, not a vector record"],
    ];
    for (const [path, why] of shapes) {
      for (const args of [
        ["audit", path],
        ["history", join(dir, "h2.jsonl"), "--add", path],
      ]) {
        expect({ args, ...(await cli(args)) }).toEqual({ args, code: 2, stderr: `usage error: cannot read report ${path}: ${why}\n` });
      }
    }
  }, 120_000);

  it("a whole report still reads (audit agrees with it)", async () => {
    const path = join(dir, "whole.json");
    writeFileSync(path, JSON.stringify(report));
    expect((await cli(["audit", path])).code).toBe(0);
  });
});
