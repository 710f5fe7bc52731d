/** MUTATION.md arithmetic: equivalents leave the denominator, triage is matched by a stable key. */
import { describe, expect, it } from "vitest";
import { mutantKey, overlayReports, renderMarkdown, type StrykerMutant, shortfalls, summarise, type Triage } from "./summary.ts";

const m = (line: number, status: string, replacement = "true"): StrykerMutant => ({
  mutatorName: "ConditionalExpression",
  replacement,
  location: { start: { line, column: 3 }, end: { line, column: 9 } },
  status,
});

const report = {
  files: {
    "src/a.ts": { mutants: [m(1, "Killed"), m(2, "Timeout"), m(3, "Survived"), m(4, "NoCoverage"), m(5, "CompileError"), m(6, "Ignored")] },
    "src/b.ts": { mutants: [m(1, "Killed"), m(2, "Killed")] },
  },
};

describe("the mutation summary", () => {
  it("scores killed / (valid − equivalent), leaving out compile errors and ignored mutants", () => {
    const equivalent: Triage = { mutant: mutantKey("src/a.ts", m(3, "Survived")), triage: "equivalent", reason: "same output" };
    const s = summarise(report, [equivalent]);
    expect(s.files[0]).toEqual({
      file: "src/a.ts",
      valid: 4,
      killed: 2,
      survived: 2,
      equivalent: 1,
      specSilent: 0,
      score: 2 / 3,
      decidedScore: 2 / 3,
    });
    expect(s.files[1]!.score).toBe(1);
    expect(s.total).toMatchObject({ valid: 6, killed: 4, equivalent: 1, score: 4 / 5 });
  });

  it("names files under the target and survivors nobody triaged", () => {
    const s = summarise(report, []);
    expect(shortfalls(s)).toEqual([
      "src/a.ts: 50.0 % of the mutants the spec decides killed (target 90.0 %)",
      `untriaged survivor: ${mutantKey("src/a.ts", m(3, "Survived"))}`,
      `untriaged survivor: ${mutantKey("src/a.ts", m(4, "NoCoverage"))}`,
    ]);
  });

  it("credits the vectors added for a mutant once it is killed, and reports triage that matches nothing", () => {
    const added: Triage = { mutant: mutantKey("src/b.ts", m(2, "Killed")), triage: "missing vector", vectors: ["x/y/z"] };
    const gone: Triage = { mutant: 'src/c.ts:1:1 X ""', triage: "equivalent", reason: "r" };
    const s = summarise(report, [added, gone]);
    expect(s.killedByNewVectors).toEqual([added]);
    expect(s.staleTriage).toEqual([gone]);
    const md = renderMarkdown(s, "2026-11-30");
    expect(md).toContain("| src/a.ts | 4 | 2 | 2 | 0 | 0 | 50.0 % | 50.0 % | 50.0 % ✗ |");
    expect(md).toContain("x/y/z");
    expect(md).toContain("**untriaged**");
  });

  it("counts a spec-silent survivor against the score, triaged but not equivalent", () => {
    const silent: Triage = {
      mutant: mutantKey("src/a.ts", m(3, "Survived")),
      triage: "spec silent",
      reason: "x.md §2 leaves it open",
      vectors: ["o/b/s"],
    };
    const s = summarise(report, [silent]);
    expect(s.files[0]).toMatchObject({ equivalent: 0, specSilent: 1, score: 2 / 4, decidedScore: 2 / 3 });
    expect(shortfalls(s)).not.toContain(`untriaged survivor: ${silent.mutant}`);
    expect(renderMarkdown(s, "2026-11-30")).toContain("spec silent: x.md §2 leaves it open (recorded by o/b/s)");
  });

  it("sets the target on what the spec decides: a file short only by spec-silent survivors meets it, its strict score shown", () => {
    const silent = (line: number): Triage => ({
      mutant: mutantKey("src/s.ts", m(line, "Survived")),
      triage: "spec silent",
      reason: "open",
    });
    const mostlySilent = { files: { "src/s.ts": { mutants: [m(1, "Killed"), m(2, "Killed"), m(3, "Survived"), m(4, "Survived")] } } };
    const s = summarise(mostlySilent, [silent(3), silent(4)]);
    expect(s.files[0]).toMatchObject({ score: 0.5, decidedScore: 1 });
    expect(shortfalls(s)).toEqual([]);
    expect(renderMarkdown(s, "2026-12-02")).toContain("| src/s.ts | 4 | 2 | 2 | 0 | 2 | 50.0 % | 50.0 % | 100.0 % |");
    // one undecided-and-unkilled mutant of three the spec decides: 66.7 %, under the target
    const short = summarise(mostlySilent, [silent(3)]);
    expect(shortfalls(short)[0]).toBe("src/s.ts: 66.7 % of the mutants the spec decides killed (target 90.0 %)");
  });

  it("scores each file by its newest measurement: a run of one file replaces the whole run's entry", () => {
    const alone = { files: { "src/a.ts": { mutants: [m(1, "Killed"), m(3, "Killed")] } } };
    const { report: merged, measuredBy } = overlayReports({ source: "whole", report }, [{ source: "alone", report: alone }]);
    expect(summarise(merged, []).files.map((f) => [f.file, f.valid, f.killed])).toEqual([
      ["src/a.ts", 2, 2],
      ["src/b.ts", 2, 2],
    ]);
    expect(measuredBy).toEqual({ "src/a.ts": "alone", "src/b.ts": "whole" });
    expect(renderMarkdown(summarise(merged, []), "2026-11-30", measuredBy)).toContain("- src/a.ts: alone");
  });

  it("counts a static mutant that let no test complete as killed: it breaks the module at load", () => {
    const atLoad = { ...m(7, "Survived"), static: true, testsCompleted: 0 };
    const ranAll = { ...m(8, "Survived"), static: true, testsCompleted: 38 };
    const s = summarise({ files: { "src/c.ts": { mutants: [atLoad, ranAll] } } }, []);
    expect(s.files[0]).toMatchObject({ valid: 2, killed: 1, survived: 1 });
    expect(s.survivors.map((v) => v.key)).toEqual([mutantKey("src/c.ts", ranAll)]);
  });
});
