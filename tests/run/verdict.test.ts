// Honest verdicts (issue 20, items 5, 11 and 13): every reason a run fails, orphan and observe-tier
// expectations entries included, appears in every view and in --json, and the exit code follows.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it, vi } from "vitest";
import { exitCodeFor } from "../../harness/commands/exit-code.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { renderBadge } from "../../harness/report/badge.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { githubAnnotations } from "../../harness/report/github-actions.ts";
import { renderHtml } from "../../harness/report/html.ts";
import { renderJUnit } from "../../harness/report/junit.ts";
import { renderMarkdown } from "../../harness/report/markdown.ts";
import { OUTPUT_VIEWS } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { BIN, tempOut } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const OBSERVE = GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: explicit-id/extra/seen")
  .replace("tier: must", "tier: observe")
  .replace("section: s }", "section: s, note: recorded only }")
  .replace("covers: [data-structures/bundleid/3]", "covers: []")
  .replace("    expected: { accepted: true, reason: null }\n", "")
  .replace(/\n {4}expected: \{ accepted: true, reason: null \}$/, "");

describe("run-level failures are in every view", async () => {
  const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${OBSERVE}`) });
  const corpus = loadCorpus({ extraRoots: [root] });
  const vectors = selectVectors(corpus, { filter: "explicit-id/extra/" });
  const file = join(root, "expectations.yaml");
  writeFileSync(
    file,
    [
      "implementation: reference",
      "gaps:",
      "  - { id: no/such/vector, status: fail, reason: gone }",
      "  - { id: explicit-id/extra/seen, status: fail, reason: an observe vector is never judged }",
      "",
    ].join("\n"),
  );
  const report = await runCorpus({
    corpus,
    vectors,
    implementations: [referenceInProcess()],
    expectations: new Map([["reference", loadExpectations(file, "reference")]]),
  });

  it("the verdict fails for an orphan entry and for a gap on an observe-tier vector, though no case failed", () => {
    expect(report.summary.overall.failed).toBe(0);
    expect(report.verdict.status).toBe("fail");
    expect(report.verdict.failures.map((f) => [f.kind, f.vector_id])).toEqual([
      ["orphan_gap", "no/such/vector"],
      ["observe_gap", "explicit-id/extra/seen"],
    ]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it("console, matrix.md, index.html, JUnit, the badge and the annotations all say so", () => {
    const console = renderConsole(report);
    expect(console).toContain(`RUN FAILS: reference: ${file} lists no/such/vector, but no such vector exists`);
    expect(console).toMatch(/^conformance: 1 passed, 0 failed, 1 skipped, 0 not applicable; the run FAILS for 2 more reasons/m);
    expect(renderMarkdown(report)).toContain("**FAIL**");
    expect(renderMarkdown(report)).toContain("lists no/such/vector, but no such vector exists");
    expect(renderHtml(report)).toMatch(/<div id="verdict" class="v-fail"><strong>FAIL<\/strong>.*lists no\/such\/vector/s);
    const junit = renderJUnit(report, "reference");
    expect(junit).toContain('<testsuite name="reference.run" tests="2" failures="2"');
    expect(junit).toMatch(/<testsuites name="smcp-conformance reference" tests="4" failures="2"/);
    const run = { runFailures: 2 };
    expect(renderBadge("reference", report.summary.by_implementation["reference"]!, run)).toContain('fill="#e05d44"');
    expect(githubAnnotations(report, { GITHUB_WORKSPACE: root }).join("\n")).toMatch(
      /^::error file=expectations\.yaml,line=3,title=reference%3A the run fails \(orphan_gap\)::/m,
    );
  });

  it("--json prints one document holding the verdict with every reason", () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      OUTPUT_VIEWS[0]!.emit(report, { dir: "/x", json: true });
    } finally {
      spy.mockRestore();
    }
    const doc = JSON.parse(writes.join(""));
    expect(doc.verdict.status).toBe("fail");
    expect(doc.verdict.failures.map((f: { kind: string }) => f.kind)).toEqual(["orphan_gap", "observe_gap"]);
  });
});

describe("--json under GitHub Actions", () => {
  it("stdout stays one JSON document when a case fails; the ::error annotations go to stderr", async () => {
    const wrong = GOOD_VECTOR.replace("accepted: true, reason: null", "accepted: false, reason: bundle_id.dot");
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(wrong) });
    const summary = join(tempOut(), "step-summary.md");
    const result = await execa(
      "node",
      [BIN, "run", "--impl", "reference", "--vectors", extra, "--filter", "explicit-id/extra/", "--json", "--out", tempOut()],
      { reject: false, env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary } },
    );
    expect(result.exitCode).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.verdict).toMatchObject({ status: "fail", failures: [{ kind: "failing_cases", implementation: "reference" }] });
    expect(result.stderr).toMatch(/::error title=reference explicit-id\/extra\/ok \(fail\)::/);
    expect(readFileSync(summary, "utf8")).toContain("**The gate fails**");
  });
});

describe("what counts as judged", async () => {
  const { runVerdict } = await import("../../harness/model/verdict.ts");
  const { countsOf } = await import("../../harness/model/report.ts");
  const verdictFor = (c: ReturnType<typeof countsOf>) =>
    runVerdict({ implementations: [{ name: "sdk" }], summary: { by_implementation: { sdk: c } } });

  it("a selection whose cases are all known gaps was judged, but nothing passed: never green unless --allow-empty (issue 32)", () => {
    const v = verdictFor(countsOf({ known_gap: 3, not_applicable: 1 }));
    expect(v.failures.map((f) => f.kind)).toEqual(["no_judged_pass"]);
    expect(v.failures[0]!.message).toBe(
      "sdk: no case passed (3 judged: 0 failing, 3 known gaps); an implementation with nothing passing is never green",
    );
    expect(verdictFor(countsOf({ known_gap: 3, pass: 1 })).status).toBe("pass");
    const allowed = runVerdict({
      implementations: [{ name: "sdk" }],
      summary: { by_implementation: { sdk: countsOf({ known_gap: 3 }) } },
      run: { allow_empty: true },
    });
    expect(allowed.status).toBe("pass");
  });

  it("a selection where nothing was compared fails the run", () => {
    const v = verdictFor(countsOf({ unsupported: 3, not_applicable: 1 }));
    expect(v.failures.map((f) => f.kind)).toEqual(["no_judged_cases"]);
    expect(v.failures[0]!.message).toContain("3 unsupported, 1 not applicable");
  });

  it("--tier observe alone asks for nothing judged: a valid selection; observe beside a judged tier still needs a judged case (issue 31)", () => {
    const observed = countsOf({ observed: 7 });
    const withTiers = (tiers: string[]) =>
      runVerdict({ implementations: [{ name: "sdk" }], summary: { by_implementation: { sdk: observed } }, run: { tiers } });
    expect(withTiers(["observe"]).status).toBe("pass");
    expect(withTiers(["observe", "must"]).failures.map((f) => f.kind)).toEqual(["no_judged_cases"]);
    expect(withTiers([]).failures.map((f) => f.kind)).toEqual(["no_judged_cases"]);
    expect(verdictFor(observed).failures.map((f) => f.kind)).toEqual(["no_judged_cases"]);
  });

  it("the kit's reference offering none of the selected operations is out of scope, not a failure (issue 32); anything else with nothing judged fails", () => {
    const hello = (sdk: string, operations: string[]) => ({ sdk: { name: sdk }, operations });
    const transport = [{ op: "transport.call_tool" }];
    const verdictOf = (name: string, handshake: ReturnType<typeof hello>, vectors = transport) =>
      runVerdict({
        implementations: [{ name, handshake }],
        summary: { by_implementation: { [name]: countsOf({ unsupported: 1 }) } },
        vectors,
      });
    // `run --suite transport` over the default matrix: the reference answers no transport case.
    expect(verdictOf("reference", hello("smcp-conformance/reference", ["bundle_id.validate"])).status).toBe("pass");
    expect(verdictOf("reference-subprocess", hello("smcp-conformance/reference", ["bundle_id.validate"])).status).toBe("pass");
    // An adapter claiming no operation, or one that offers the operation and answered unsupported, fails.
    expect(verdictOf("noops", hello("smcp-conformance/reference", [])).failures.map((f) => f.kind)).toEqual(["no_judged_cases"]);
    expect(verdictOf("reference", hello("smcp-conformance/reference", ["transport.call_tool"])).status).toBe("fail");
    expect(verdictOf("reference", hello("someone/else", []))).toMatchObject({ status: "fail" });
  });

  it("an older release the default matrix added, with every case not applicable, is out of scope; named, or with a case that applies, it is judged as ever", () => {
    const verdictOf = (counts: ReturnType<typeof countsOf>, older: string[]) =>
      runVerdict({
        implementations: [{ name: "python@0.3.2" }],
        summary: { by_implementation: { "python@0.3.2": counts } },
        run: { older_releases: older },
      });
    const allNotApplicable = countsOf({ not_applicable: 8 });
    // `run --suite wire-server` over the default matrix: nothing of it applies at 0.3.x.
    expect(verdictOf(allNotApplicable, ["python@0.3.2"]).status).toBe("pass");
    // asked for by name (--impl python@0.3.2): nothing judged still fails the run
    expect(verdictOf(allNotApplicable, []).failures.map((f) => f.kind)).toEqual(["no_judged_cases"]);
    // a case that applies but went unjudged (unsupported) is not out of scope
    expect(verdictOf(countsOf({ not_applicable: 7, unsupported: 1 }), ["python@0.3.2"]).failures.map((f) => f.kind)).toEqual([
      "no_judged_cases",
    ]);
  });
});
