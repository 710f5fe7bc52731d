/** The wire section's arithmetic and its triage file's checks. */
import { describe, expect, it } from "vitest";
import type { CampaignResult, MutantRecord } from "./result.ts";
import { renderSection, scoreOf, wilson } from "./section.ts";
import { parseTriage, type WireTriage } from "./triage.ts";

const record = (key: string, outcome: MutantRecord["outcome"]): MutantRecord => ({
  key,
  file: "adapters/reference/server/x.ts",
  role: "server",
  operator: "BooleanLiteral",
  line: 1,
  column: 1,
  original: "true",
  replacement: "false",
  outcome,
  run: "0.4.0",
  failing: [],
  flaky: [],
  exit: 0,
  duration_ms: 1,
});

describe("the wire kill rate", () => {
  it("counts every kind of kill, and takes equivalents out of the strict denominator only", () => {
    const records = [
      record("a", "killed"),
      record("b", "timeout"),
      record("c", "killed_at_load"),
      record("d", "survived"),
      record("e", "survived"),
    ];
    const triage = new Map<string, WireTriage>([
      ["d", { mutant: "d", triage: "equivalent", reason: "same bytes" }],
      ["e", { mutant: "e", triage: "gap", reason: "not pinned", vector: "wire-server/x" }],
    ]);
    expect(scoreOf("server", 50, records, triage)).toMatchObject({
      valid: 5,
      killed: 3,
      atLoad: 1,
      byTimeout: 1,
      survived: 2,
      equivalent: 1,
      gap: 1,
      raw: 3 / 5,
      strict: 3 / 4,
    });
    const [low, high] = wilson(3, 4);
    expect(low).toBeLessThan(0.75);
    expect(high).toBeGreaterThan(0.75);
  });

  it("refuses a triage entry without a reason, or a gap that names no vector", () => {
    expect(() => parseTriage("survivors:\n  - {mutant: a, triage: equivalent}\n")).toThrow(/reason/);
    expect(() => parseTriage("survivors:\n  - {mutant: a, triage: gap, reason: r}\n")).toThrow(/vector/);
    expect(parseTriage("survivors:\n  - {mutant: a, triage: spec silent, reason: r}\n")).toEqual([
      { mutant: "a", triage: "spec silent", reason: "r" },
    ]);
  });

  it("shows the vectors written for a gap since the campaign, and refuses a written list that names none", () => {
    const triage = parseTriage(
      "survivors:\n  - {mutant: e, triage: gap, reason: not pinned., vector: a vector, written: [wire-server/x, wire-server/y]}\n  - {mutant: d, triage: gap, reason: open., vector: another}\n",
    );
    expect(triage[0]).toMatchObject({ written: ["wire-server/x", "wire-server/y"] });
    expect(() => parseTriage("survivors:\n  - {mutant: a, triage: gap, reason: r, vector: v, written: []}\n")).toThrow(/written/);
    const result: CampaignResult = {
      generated_at: "2026-12-06T00:00:00Z",
      seed: "s",
      size: 2,
      workers: 1,
      timeout_ms: 1,
      budget_ms: 1,
      killers: [],
      population: { "adapters/reference/server/x.ts": 10 },
      quotas: {},
      baseline: {},
      not_compiling: [],
      mutants: [record("e", "survived"), record("d", "survived")],
      not_run: [],
      wall_ms: 60_000,
    };
    const section = renderSection(result, triage);
    expect(section).toContain("vectors were written for 1 of its 2 gaps (2 vectors");
    expect(section).toMatch(/`e` .*Would be killed by: a vector\. Written since: wire-server\/x, wire-server\/y/);
    expect(section).toMatch(/`d` .*Would be killed by: another$/m);
  });
});
