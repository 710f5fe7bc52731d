import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { STEP_SUMMARY_LIMIT, stepSummary } from "../../harness/report/github-actions.ts";
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
    expect(result.stdout).toContain(
      "::error title=reference explicit-id/extra/ok (fail)::/accepted: expected rejected, got accepted; /reason: expected reason bundle_id.dot, got none",
    );
    expect(readFileSync(summary, "utf8")).toContain("| explicit-id | 1 | 0/1 pass, **1 fail** |");
  });
});

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
