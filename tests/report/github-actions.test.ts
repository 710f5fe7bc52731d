import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { parseAdapterSpec } from "../../harness/impl/registry.ts";
import { KIT_ROOT } from "../../harness/model/kit-files.ts";
import type { Report } from "../../harness/model/report.ts";
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
    // A vector of another corpus and no known-gaps file of the SDK's: a run-level annotation, no
    // file= GitHub could not place (it was ../../tmp/…/extra.yaml), no link to a kit file.
    expect(result.stdout.split("\n")).toContain(
      "::error title=reference explicit-id/extra/ok (fail)::/accepted: expected rejected, got accepted; /reason: expected reason bundle_id.dot, got none",
    );
    expect(result.stdout).not.toMatch(/::error file=/);
    const written = readFileSync(summary, "utf8");
    expect(written.split("\n").slice(0, 3)).toEqual([
      "# Conformance",
      "",
      expect.stringMatching(/^- \*\*reference [^*]*: not conforming\*\* \(MUST /),
    ]);
    expect(written).toContain("| explicit-id | 1 | 0/1 pass, **1 fail** |");
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
    // The SDK's own file, in the job's workspace: each entry at its line, relative to the workspace.
    const annotations = githubAnnotations(report, { GITHUB_WORKSPACE: dirname(file) });
    expect(annotations).toContainEqual(
      expect.stringMatching(
        /^::error file=known-gaps\.yaml,line=6,title=reference explicit-id\/extra\/ok \(stale\)::listed as a known fail/,
      ),
    );
    expect(annotations).toContainEqual(
      expect.stringMatching(/^::error file=known-gaps\.yaml,line=3,title=reference%3A the run fails \(orphan_gap\)::/),
    );
    // The same file outside the workspace: GitHub could not place it, so no file= at all.
    const elsewhere = githubAnnotations(report, { GITHUB_WORKSPACE: mkdtempSync(join(tmpdir(), "ws-")) });
    expect(elsewhere.filter((a) => a.includes("file="))).toEqual([]);
    expect(elsewhere).toHaveLength(2);
  });

  it("a failing kit vector the SDK's file does not list: on that file beside its siblings, with a permalink to the vector", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { filter: "explicit-id/charset/*" }).slice(0, 3);
    const [first, second, third] = vectors.map((v) => v.id);
    const wrong = { ...referenceInProcess(), name: "sdk" };
    const dir = mkdtempSync(join(tmpdir(), "ws-"));
    const file = join(dir, "conformance", "known-gaps.yaml");
    mkdirSync(dirname(file));
    writeFileSync(file, `implementation: sdk\ngaps:\n  - id: ${first}\n    status: fail\n    reason: r\n`);
    const report = await runCorpus({
      corpus,
      vectors: [vectors[0]!, vectors[1]!, vectors[2]!],
      implementations: [wrong],
      expectations: new Map([["sdk", loadExpectations(file, "sdk")]]),
    });
    // Plant one failing case (the third) without running a broken SDK: its status and diffs as a failure reads them.
    const failing = {
      ...report,
      cases: report.cases.map((c) => (c.vector_id === third ? { ...c, status: "fail" as const, note: "planted" } : c)),
    };
    const source = vectors[2]!.source;
    const rel = relative(KIT_ROOT, source.file);
    const env = { GITHUB_WORKSPACE: dir, SMCP_KIT_REPOSITORY: "example/smcp-conformance", SMCP_KIT_REF: "v9.9.9" };
    const annotations = githubAnnotations(failing as Report, env);
    const planted = annotations.find((a) => a.includes(`sdk ${third} (fail)`));
    expect(planted).toBe(
      `::error file=conformance/known-gaps.yaml,line=3,title=sdk ${third} (fail)::planted. conformance/known-gaps.yaml does not list it: fix the SDK, or add it there as a known gap with its reason. Vector: https://github.com/example/smcp-conformance/blob/v9.9.9/${rel}#L${source.line}`,
    );
    // Without a repository the kit knows: the vector's path in the kit and the kit's version.
    const plain = githubAnnotations(failing as Report, { GITHUB_WORKSPACE: dir }).find((a) => a.includes(`sdk ${third} (fail)`));
    expect(plain).toMatch(new RegExp(`Vector: ${escapeRe(rel)}:${source.line} of the kit \\d+\\.\\d+\\.\\d+$`));
    // The stale entry (the first case passes) is on its own line; the second vector, passing and unlisted, has none.
    expect(annotations.find((a) => a.includes(`sdk ${first} (stale)`))).toMatch(/^::error file=conformance\/known-gaps\.yaml,line=3,/);
    expect(annotations.some((a) => a.includes(second!))).toBe(false);
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

  it("leads with the statement and the gate, then the whole matrix while it is short", async () => {
    const report = await failingRun(2);
    const summary = stepSummary(report, env);
    expect(summary.split("\n").slice(0, 9)).toEqual([
      "# Conformance",
      "",
      expect.stringMatching(/^- \*\*reference [^*]*: not conforming\*\* \(MUST 0\/2 \(0 %\), [^—]*\)$/),
      // Then its part per role (issue 44, item 2).
      expect.stringMatching(/^ {2}- computer: MUST 0\/2 \(0 %\), .* — not conforming/),
      // The counts follow the corpus (the statement tests check them); here: the line's form.
      expect.stringMatching(/^ {2}- server: not run \([1-9]\d* required MUST vectors at this revision\)$/),
      expect.stringMatching(/^ {2}- agent: not run \([1-9]\d* required MUST vectors at this revision\)$/),
      "",
      "**The gate fails** (1 reason):",
      expect.stringMatching(/^- /),
    ]);
    expect(summary).toContain(
      renderMarkdown(report)
        .split("\n")
        .find((l) => l.startsWith("| suite |")),
    );
    expect(summary).not.toMatch(/^\*\*(PASS|FAIL)\*\*/m);
  });

  it("never says PASS beside a not-conforming SDK: a gate that passes on known gaps says so in words", async () => {
    const report = await failingRun(2);
    const gated = { ...report, verdict: { ...report.verdict, status: "pass" as const, failures: [] } };
    const summary = stepSummary(gated as Report, env);
    expect(summary).toMatch(/^- \*\*reference [^*]*: not conforming\*\* /m);
    expect(summary).toContain("**The gate passes**: every failing case is a known gap its expectations file lists");
    expect(summary).not.toMatch(/\*\*PASS\*\*/);
  });

  it("is the verdict, the totals, the first failures and where the rest is when the matrix is large", async () => {
    const report = await failingRun(250);
    expect(renderMarkdown(report).length).toBeGreaterThan(STEP_SUMMARY_LIMIT);
    const summary = stepSummary(report, env);
    expect(summary.length).toBeLessThan(10_000);
    expect(summary.startsWith("# Conformance\n")).toBe(true);
    expect(summary).toContain("**The gate fails**");
    expect(summary).not.toMatch(/^\*\*FAIL\*\*/m);
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
