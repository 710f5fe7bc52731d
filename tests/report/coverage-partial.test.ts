// coverage says when the report it reads (by default latest/) was a partial run (issue 31 item 9).
import { describe, expect, it } from "vitest";
import type { Report } from "../../harness/model/report.ts";
import { partialRunNote } from "../../harness/report/coverage-text.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";

const reportOf = (ids: string[], extra: object = {}) => ({ vectors: ids.map((id) => ({ id })), ...extra }) as unknown as Report;

describe("partialRunNote", () => {
  it("names how much ran and the selection, or says nothing for a whole run", () => {
    const run = { suites: ["tlv"], filter: "tlv/map", tiers: ["must"], strict_protocol: false, allow_empty: false, implementations: [] };
    expect(partialRunNote("r.json", reportOf(["a", "b"], { run }), ["a", "b", "c"])).toBe(
      "note: r.json is a partial run: 2 of 3 vectors, selected with --suite tlv --filter tlv/map --tier must; implementation results cover only those (run the whole corpus for a full picture)",
    );
    expect(partialRunNote("r.json", reportOf(["a"], { incomplete: { reason: "SIGINT" } }), ["a"])).toMatch(
      /1 of 1 vectors, interrupted \(SIGINT\)/,
    );
    expect(partialRunNote("r.json", reportOf(["a", "b"]), ["a", "b"])).toBeUndefined();
  });

  it("the coverage command prints it for a filtered latest/", async () => {
    const out = tempOut();
    const run = await cli(["run", "--impl", "reference", "--suite", "tlv", "--out", out]);
    expect(run.exitCode, run.stderr).toBe(0);
    const coverage = await cli(["coverage", "--out", out]);
    expect(coverage.exitCode).toBe(0);
    expect(coverage.stderr).toMatch(/^note: .*latest\/report\.json is a partial run: \d+ of \d+ vectors, selected with --suite tlv;/m);
  }, 120_000);
});
