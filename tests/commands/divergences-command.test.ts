// divergences writes its catalogue as files (into the run folder it read, or --out with --report)
// and prints one screen; --markdown and --json print the catalogue itself (issue 45, item 4).
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { divergencesCommand } from "../../harness/commands/divergences-command.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { writeReport } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempOut } from "../cli/cli-helpers.ts";

let out: string;
let runDir: string;

beforeAll(async () => {
  const corpus = loadCorpus();
  const report = await runCorpus({
    corpus,
    vectors: selectVectors(corpus, { filter: "explicit-id/accepted/*" }).slice(0, 2),
    implementations: [referenceInProcess()],
  });
  out = tempOut();
  runDir = writeReport(report, out);
}, 60_000);

function printed(run: () => number): { code: number; stdout: string } {
  const chunks: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((c) => chunks.push(String(c)) > 0);
  const code = run();
  vi.restoreAllMocks();
  return { code, stdout: chunks.join("") };
}

describe("divergences", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes divergences.md and .html into the run folder it read and prints a summary of a few lines", () => {
    const { code, stdout } = printed(() => divergencesCommand({ out, vectors: [] }));
    expect(code).toBe(0);
    const latest = join(out, "latest");
    for (const f of ["divergences.md", "divergences.html"]) expect(existsSync(join(realpathSync(latest), f)), f).toBe(true);
    expect(readFileSync(join(latest, "divergences.md"), "utf8")).toMatch(/^# Divergence catalogue\n/);
    expect(readFileSync(join(latest, "divergences.html"), "utf8")).toMatch(/^<!doctype html>/);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(15);
    expect(lines[0]).toBe(`divergence catalogue of ${join(out, "latest", "report.json")}`);
    expect(stdout).toContain(`written: ${join(latest, "divergences.md")}, ${join(latest, "divergences.html")}`);
    expect(stdout).not.toContain("####");
  });

  it("with --report and --out, writes into --out; --markdown and --json print the catalogue and write nothing", () => {
    const elsewhere = tempOut();
    const report = join(runDir, "report.json");
    expect(printed(() => divergencesCommand({ report, out: elsewhere, vectors: [] })).code).toBe(0);
    expect(existsSync(join(elsewhere, "divergences.html"))).toBe(true);
    const quiet = tempOut();
    const md = printed(() => divergencesCommand({ report, out: quiet, vectors: [], markdown: true, kind: "contradiction" }));
    expect(md.stdout).toMatch(/^# Divergence catalogue\n/);
    expect(md.stdout).toContain("Filtered: kind contradiction.");
    const json = JSON.parse(printed(() => divergencesCommand({ report, out: quiet, vectors: [], json: true, kind: "must-break" })).stdout);
    expect(json.open).toEqual([]);
    expect(json.filters).toEqual({ kind: ["must-break"] });
    expect(existsSync(join(quiet, "divergences.md"))).toBe(false);
    expect(() => divergencesCommand({ report, vectors: [], json: true, markdown: true })).toThrow(/choose one/);
  });
});
