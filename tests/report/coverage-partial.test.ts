// coverage and divergences say when the report they read (by default latest/) was a selection (issue 31 item 9, issue 44 item 4).
import { describe, expect, it } from "vitest";
import type { Report } from "../../harness/model/report.ts";
import { partialRunNote } from "../../harness/report/coverage-text.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";

const reportOf = (ids: string[], extra: object = {}) => ({ vectors: ids.map((id) => ({ id })), ...extra }) as unknown as Report;

const suite = (name: string, ids: string[], opt_in?: string) => ({
  name,
  vectors: ids.map((id) => ({ id })),
  ...(opt_in ? { opt_in } : {}),
});

describe("partialRunNote", () => {
  it("names how much ran and the selection, or says nothing for a whole run", () => {
    const run = { suites: ["tlv"], filter: "tlv/map", tiers: ["must"], strict_protocol: false, allow_empty: false, implementations: [] };
    expect(partialRunNote("r.json", reportOf(["a", "b"], { run }), [suite("tlv", ["a", "b", "c"])])).toBe(
      "note: r.json is a selection: 2 of 3 vectors ran, selected with --suite tlv --filter tlv/map --tier must; its results and statements cover only those (run the whole corpus for a claim)",
    );
    expect(partialRunNote("r.json", reportOf(["a"], { incomplete: { reason: "SIGINT" } }), [suite("tlv", ["a"])])).toMatch(
      /1 of 1 vectors ran, interrupted \(SIGINT\)/,
    );
    expect(partialRunNote("r.json", reportOf(["a", "b"]), [suite("tlv", ["a", "b"])])).toBeUndefined();
  });

  it("an opt-in suite the run did not ask for leaves a default run whole; one it asked for is counted (issue 44, item 4)", () => {
    const corpus = [suite("tlv", ["a", "b"]), suite("wire-interop", ["i"], "three roles at once")];
    expect(partialRunNote("r.json", reportOf(["a", "b"]), corpus)).toBeUndefined();
    const interopOnly = { suites: ["wire-interop"], strict_protocol: false, allow_empty: false, implementations: [] };
    expect(partialRunNote("r.json", reportOf(["i"], { run: interopOnly }), corpus)).toMatch(
      /is a selection: 1 of 3 vectors ran, selected with --suite wire-interop;/,
    );
  });

  it("the coverage command prints it for a filtered latest/", async () => {
    const out = tempOut();
    const run = await cli(["run", "--impl", "reference", "--suite", "tlv", "--out", out]);
    expect(run.exitCode, run.stderr).toBe(0);
    const coverage = await cli(["coverage", "--out", out]);
    expect(coverage.exitCode).toBe(0);
    expect(coverage.stderr).toMatch(/^note: .*latest\/report\.json is a selection: \d+ of \d+ vectors ran, selected with --suite tlv;/m);
  }, 120_000);
});
