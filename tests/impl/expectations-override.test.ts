// `--expectations <impl>=<file>`: the caller's known-gaps file replaces the kit's for that
// implementation (any kind: a release, a checkout, an --adapter program), and the run gates on it
// exactly as on the kit's: a missing known gap fails naming the vector, a stale entry fails naming it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { withExpectationFiles } from "../../harness/impl/expectations-override.ts";
import { parseAdapterSpec, selectImplementations } from "../../harness/impl/registry.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { UsageError } from "../../harness/util/usage-error.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "smcp-expectations-"));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

describe("--expectations <impl>=<file>", () => {
  it("replaces the file of the named implementation only; names holding '=' match the longest selected name", () => {
    const mine = file("mine.yaml", "implementation: python\ngaps: []\n");
    const checkout = join(dir, "sdk=1");
    mkdirSync(checkout);
    writeFileSync(join(checkout, "pyproject.toml"), '[project]\nname = "a2c-smcp"\nversion = "0.4.2"\n');
    const selected = [
      ...selectImplementations(["reference", "python", `python@path:${checkout}`]),
      parseAdapterSpec(`mine=${process.execPath} x.js`),
    ];
    const applied = withExpectationFiles(selected, [`python=${mine}`, `python@path:${checkout}=${mine}`, `mine=${mine}`]);
    expect(applied.map((s) => s.expectationsFile)).toEqual([undefined, mine, mine, mine]);
    expect(selected[1]!.expectationsFile).toMatch(/adapters\/python\/expectations\.yaml$/);
  });

  it("an unselected name, a name given twice, a missing file and a spec without '=' are usage errors", () => {
    const mine = file("m.yaml", "implementation: python\ngaps: []\n");
    const selected = selectImplementations(["reference", "python"]);
    expect(() => withExpectationFiles(selected, [`rust=${mine}`])).toThrow(
      /no selected implementation is named "rust" \(selected: reference, python\)/,
    );
    expect(() => withExpectationFiles(selected, [`python=${mine}`, `python=${mine}`])).toThrow(/python is given two files/);
    expect(() => withExpectationFiles(selected, [`python=${join(dir, "nope.yaml")}`])).toThrow(/no such file/);
    expect(() => withExpectationFiles(selected, ["python"])).toThrow(UsageError);
  });

  it("for an --adapter program: its failures listed pass the run, one left out fails it naming that vector", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["bundle-id"] });
    const buggy = fileURLToPath(new URL("../fixtures/buggy-adapter.ts", import.meta.url));
    const spec = `buggy=${process.execPath} --import ${import.meta.resolve("tsx")} ${buggy} --bug no-fold`;
    const run = async (gapsFile: string) => {
      const [selected] = withExpectationFiles([parseAdapterSpec(spec)], [`buggy=${gapsFile}`]);
      return runCorpus({
        corpus,
        vectors,
        implementations: [selected!.implementation],
        expectations: new Map([["buggy", loadExpectations(selected!.expectationsFile!, "buggy")]]),
      });
    };
    const first = await run(file("none.yaml", "implementation: buggy\ngaps: []\n"));
    const failing = first.cases.filter((c) => c.status === "fail").map((c) => c.vector_id);
    expect(failing.length).toBeGreaterThan(1);
    const listed = (ids: string[]) =>
      `implementation: buggy\ngaps:\n${ids.map((id) => `  - id: ${id}\n    status: fail\n    reason: folds no runs\n`).join("")}`;
    const all = await run(file("all.yaml", listed(failing)));
    expect(all.verdict.status).toBe("pass");
    const oneMissing = await run(file("one-missing.yaml", listed(failing.slice(1))));
    expect(oneMissing.verdict.status).toBe("fail");
    expect(oneMissing.cases.filter((c) => c.status === "fail").map((c) => c.vector_id)).toEqual([failing[0]]);
  }, 120_000);

  it("a stale entry in the caller's file fails the run naming the vector", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["explicit-id"] });
    const victim = vectors.find((v) => v.tier === "must" && v.expected !== undefined)!;
    const [reference] = selectImplementations(["reference"]);
    // The reference passes everything: listing a passing vector as a known failure is a stale entry.
    const stale = file(
      "stale.yaml",
      `implementation: reference\ngaps:\n  - id: ${victim.id}\n    status: fail\n    reason: listed on purpose\n`,
    );
    const [withStale] = withExpectationFiles([reference!], [`reference=${stale}`]);
    const report = await runCorpus({
      corpus,
      vectors,
      implementations: [withStale!.implementation],
      expectations: new Map([["reference", loadExpectations(withStale!.expectationsFile!, "reference")]]),
    });
    expect(report.cases.filter((c) => c.status === "stale").map((c) => c.vector_id)).toEqual([victim.id]);
    expect(report.verdict.status).toBe("fail");
  });
});

describe("--update-expectations on a local checkout (issue 32)", () => {
  it("without --expectations is a usage error before anything runs: the kit's release file is never rewritten from a checkout", async () => {
    const checkout = join(dir, "checkout");
    mkdirSync(checkout, { recursive: true });
    writeFileSync(join(checkout, "pyproject.toml"), '[project]\nname = "a2c-smcp"\nversion = "0.4.2"\n');
    const kitFile = join(fileURLToPath(new URL("../../adapters/python/expectations.yaml", import.meta.url)));
    const before = readFileSync(kitFile, "utf8");
    const result = await cli(["run", "--impl", `python@path:${checkout}`, "--update-expectations", "--out", tempOut()]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `--update-expectations with python@path:${checkout} needs --expectations python@path:${checkout}=<file>: without it the checkout's failures would be written into the kit's .*adapters/python/expectations\\.yaml`,
      ),
    );
    expect(readFileSync(kitFile, "utf8")).toBe(before);
  }, 30_000);
});
