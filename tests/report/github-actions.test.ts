import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { parseAdapterSpec } from "../../harness/impl/registry.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { githubAnnotations, STEP_SUMMARY_LIMIT, stepSummary } from "../../harness/report/github-actions.ts";
import { renderMarkdown } from "../../harness/report/markdown.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { BIN } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

describe("under GitHub Actions", () => {
  it("failures become ::error annotations and the Markdown matrix goes to the step summary", async () => {
    const wrong = GOOD_VECTOR.replace("accepted: true, reason: null", "accepted: false, reason: bundle_id.dot");
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(wrong) });
    const summary = join(mkdtempSync(join(tmpdir(), "gh-")), "step-summary.md");
    const result = await execa(
      "node",
      [
        BIN,
        "run",
        "--impl",
        "reference",
        "--vectors",
        extra,
        "--filter",
        "explicit-id/extra/",
        "--out",
        mkdtempSync(join(tmpdir(), "out-")),
      ],
      {
        reject: false,
        env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary },
      },
    );
    expect(result.exitCode).toBe(1);
    // The annotation points at the vector in its file (relative to the working folder), so the job's log links to it.
    const file = relative(process.cwd(), join(extra, "explicit-id", "extra.yaml"))
      .replace(/:/g, "%3A")
      .replace(/,/g, "%2C");
    expect(result.stdout).toContain(
      `::error file=${file},line=4,title=reference explicit-id/extra/ok (fail)::/accepted: expected rejected, got accepted; /reason: expected reason bundle_id.dot, got none`,
    );
    expect(readFileSync(summary, "utf8")).toContain("| explicit-id | 1 | 0/1 pass, **1 fail** |");
  });
});

describe("annotations that point (issue 31, item 5)", () => {
  const listed = (dir: string, ids: string[]) => {
    const file = join(dir, "known-gaps.yaml");
    writeFileSync(
      file,
      `implementation: reference\ngaps:\n${ids.map((id) => `  - id: ${id}\n    status: fail\n    reason: r\n`).join("")}`,
    );
    return file;
  };

  it("a stale or orphan entry is annotated at its line of the expectations file", async () => {
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR) })] });
    const file = listed(mkdtempSync(join(tmpdir(), "gaps-")), ["no/such/vector", "explicit-id/extra/ok"]);
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/extra/" }),
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", loadExpectations(file, "reference")]]),
    });
    const where = `file=${relative(process.cwd(), file).replace(/:/g, "%3A")}`;
    const annotations = githubAnnotations(report);
    expect(annotations).toContainEqual(
      expect.stringMatching(new RegExp(`^::error ${escapeRe(where)},line=6,title=reference explicit-id/extra/ok \\(stale\\)::`)),
    );
    expect(annotations).toContainEqual(
      expect.stringMatching(new RegExp(`^::error ${escapeRe(where)},line=3,title=reference%3A the run fails \\(orphan_gap\\)::`)),
    );
  });

  it("an adapter that never starts is one annotation and one console line, with no STALE line per known gap", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["explicit-id"] });
    const file = listed(
      mkdtempSync(join(tmpdir(), "gaps-")),
      vectors.slice(0, 5).map((v) => v.id),
    );
    writeFileSync(file, readFileSync(file, "utf8").replace("implementation: reference", "implementation: broken"));
    const broken = parseAdapterSpec(`broken=${process.execPath} -e process.exit(3)`); // exits before its hello
    const report = await runCorpus({
      corpus,
      vectors,
      implementations: [broken.implementation],
      expectations: new Map([["broken", loadExpectations(file, "broken")]]),
    });
    expect(report.verdict.status).toBe("fail");
    expect(report.cases.filter((c) => c.status === "stale")).toEqual([]);
    const console = renderConsole(report);
    expect(console).not.toMatch(/^(STALE|CRASH) /m);
    expect(console.match(/^RUN FAILS: broken never started/gm)).toHaveLength(1);
    const annotations = githubAnnotations(report);
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error title=broken%3A the run fails \(not_started\)::/);
  });
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("the step summary", () => {
  const env = { GITHUB_SERVER_URL: "https://github.example", GITHUB_REPOSITORY: "org/kit", GITHUB_RUN_ID: "42" };

  async function failingRun(count: number) {
    const wrong = (i: number) =>
      GOOD_VECTOR.replace("explicit-id/extra/ok", `explicit-id/many/v${i}`).replace(
        "accepted: true, reason: null",
        "accepted: false, reason: bundle_id.dot",
      );
    const corpus = loadCorpus({
      extraRoots: [tempCorpus({ "explicit-id/many.yaml": explicitIdFile(Array.from({ length: count }, (_, i) => wrong(i)).join("\n")) })],
    });
    return runCorpus({ corpus, vectors: selectVectors(corpus, { filter: "explicit-id/many/" }), implementations: [referenceInProcess()] });
  }

  it("is the whole matrix while it is short", async () => {
    const report = await failingRun(2);
    expect(stepSummary(report, env)).toBe(renderMarkdown(report));
  });

  it("is the verdict, the totals, the first failures and where the rest is when the matrix is large", async () => {
    const report = await failingRun(250);
    expect(renderMarkdown(report).length).toBeGreaterThan(STEP_SUMMARY_LIMIT);
    const summary = stepSummary(report, env);
    expect(summary.length).toBeLessThan(10_000);
    expect(summary).toContain("**FAIL**");
    expect(summary).toContain("| **all** (250 vectors) | 0/250 pass, **250 fail** |");
    expect(summary).toContain("## Failures (250)");
    expect(summary.match(/^- \*\*explicit-id\/many\//gm)).toHaveLength(30);
    expect(summary).toContain("- … and 220 more, in matrix.md");
    expect(summary).toContain(`matrix.md and index.html in the run folder \`${report.run_id}\``);
    expect(summary).toContain("[this workflow run](https://github.example/org/kit/actions/runs/42)");
    expect(summary).not.toContain("| explicit-id |"); // no per-suite matrix
    // Outside a workflow run: the run folder alone.
    expect(stepSummary(report, {})).not.toContain("workflow run");
  });
});
