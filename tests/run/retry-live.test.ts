// A live case that failed is run again alone once the others are in (issue 41, item 3): a retry
// that passes after a wrong first answer makes it flaky (never a pass, never a failure), one after
// a first attempt the machine starved is a pass (that attempt gave no verdict), one that fails again
// stands, and both attempts' evidence is in the report, which audit re-derives.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { renderHtml } from "../../harness/report/html.ts";
import { renderJUnit } from "../../harness/report/junit.ts";
import { renderMarkdown } from "../../harness/report/markdown.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/retry-transport-adapter.ts", import.meta.url));
const STARVED = "transport/auth/forbidden-insufficient-scope"; // streamable HTTP, expects 4007
const WRONG = "transport/auth/sse-unauthorized"; // SSE, expects 4006

const adapter = (env: Record<string, string> = {}) =>
  new SubprocessImplementation("retrier", {
    file: process.execPath,
    args: ["--import", import.meta.resolve("tsx"), FIXTURE],
    env: minimalEnv(env),
  });

describe("the retry of failing live cases", () => {
  it("makes a starved first attempt that passes alone a pass, keeps a repeated failure, and audit agrees", async () => {
    const corpus = loadCorpus();
    const report = await runCorpus({ corpus, vectors: selectVectors(corpus, { ids: [STARVED, WRONG] }), implementations: [adapter()] });
    const starved = report.cases.find((c) => c.vector_id === STARVED)!;
    // The first attempt gave no verdict (its box expired before the SDK had sent anything): the retry's pass is the case's.
    expect(starved.status).toBe("pass");
    expect(starved.raw_status).toBe("pass");
    expect(starved.first_attempt?.status).toBe("timeout");
    expect(starved.first_attempt?.diffs).toEqual([]); // a timeout is no list of value differences
    expect(starved.first_attempt?.note).toMatch(/^the connect time box \(5000 ms\) expired after 5\.0 s while the SDK was still acting/);
    expect(starved.first_attempt?.transcript.transport?.case_id).not.toBe(starved.transcript.transport?.case_id);

    const wrong = report.cases.find((c) => c.vector_id === WRONG)!;
    expect(wrong.status).toBe("fail");
    expect(wrong.first_attempt?.status).toBe("fail");

    expect(report.summary.overall.flaky ?? 0).toBe(0);
    expect(report.summary.overall.pass).toBe(1);
    expect(report.summary.overall.failed).toBe(1);
    const text = renderConsole(report);
    expect(text).toContain(`RETRIED retrier ${STARVED}: first attempt gave no verdict (the connect time box (5000 ms) expired`);
    expect(text).toContain("passed when retried alone");
    expect(text).toMatch(/conformance: 1 passed, 1 failed,/);
    // The slots the run chose, and the load it chose them for, in the console's environment lines.
    expect(text).toMatch(
      /^live cases: \d+ wire \(\d+ for an in-process one alone\) and \d+ transport cases at once per implementation \(\d+% of \d+ cores busy with other work at the start, by (proc-stat|loadavg)\)$/m,
    );
    expect(text).toContain(
      `FAIL retrier ${WRONG}: /error_code: expected 4006, got 4007 (retried alone after a first attempt that was fail`,
    );
    expect(renderMarkdown(report)).toContain(
      "## Passed on a retry (1: the first attempt's box expired while the implementation was still acting)",
    );
    expect(renderJUnit(report, "retrier")).not.toContain("<skipped");
    // The HTML lists cases to look at: a pass, retried or not, is not one; its verdict line counts the retried pass.
    const page = renderHtml(report);
    expect(page).not.toContain("first attempt: timeout");
    expect(page).toContain("1 passed (1 on a retry alone, the first attempt starved by the machine&#39;s load)");

    const json = JSON.parse(JSON.stringify(report));
    expect(auditReport(json).problems).toEqual([]);
    // A retried case whose first attempt is edited into a pass was never retried: audit says so.
    const edited = json.cases.find((c: { vector_id: string }) => c.vector_id === STARVED);
    edited.first_attempt.status = "pass";
    expect(auditReport(json).problems).toContain(`retrier ${STARVED}: first attempt: pass, which is never retried`);
    // Starved is read from the first attempt's own record: one edited to say the SDK answered (no hang) is a verdict, so the pass is flaky.
    const forged = JSON.parse(JSON.stringify(report));
    const c = forged.cases.find((x: { vector_id: string }) => x.vector_id === STARVED);
    c.first_attempt.result.output.hangs = false;
    c.first_attempt.transcript.response = c.first_attempt.transcript.response.replace('"hangs":true', '"hangs":false');
    expect(auditReport(forged).problems).toContain(`retrier ${STARVED}: the transcript gives flaky, the report says pass`);
  }, 60_000);

  it("makes a wrong first answer that is right alone flaky: counted, listed, never a pass", async () => {
    const corpus = loadCorpus();
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { ids: [WRONG] }),
      implementations: [adapter({ RETRY_FIXTURE_SSE_WRONG_FIRST: "1" })],
    });
    const wrong = report.cases[0]!;
    expect(wrong.status).toBe("flaky");
    expect(wrong.first_attempt?.status).toBe("fail");
    expect(report.summary.overall.flaky).toBe(1);
    const text = renderConsole(report);
    expect(text).toContain(`FLAKY retrier ${WRONG}: first attempt fail: /error_code: expected 4006, got 4007; passed when retried alone`);
    expect(text).toMatch(/conformance: 0 passed, 0 failed, 1 flaky,/);
    expect(renderMarkdown(report)).toContain("## Flaky (1: failed first, passed when retried alone)");
    expect(renderJUnit(report, "retrier")).toMatch(/<skipped message="flaky: first attempt fail: /);
    expect(renderHtml(report)).toContain("first attempt: fail — /error_code: expected 4006, got 4007");
    expect(auditReport(JSON.parse(JSON.stringify(report))).problems).toEqual([]);
  }, 60_000);

  it("audits a first attempt that gave no answer on its own, not with the answer of a retry that ended a known gap", async () => {
    // The CI failure of stop 50: a rust stdio case timed out, its retry matched a pinned known gap, and
    // audit read the retry's answer into the first attempt.
    const corpus = loadCorpus();
    const file = join(mkdtempSync(join(tmpdir(), "retry-gap-")), "expectations.yaml");
    writeFileSync(
      file,
      `implementation: retrier\ngaps:\n  - id: ${WRONG}\n    status: fail\n    reason: answers 4007 where 4006 is required\n    answer: /error_code=4007\n`,
    );
    const expectations = new Map([["retrier", loadExpectations(file, "retrier")]]);
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { ids: [WRONG] }),
      implementations: [adapter({ RETRY_FIXTURE_SSE_HANGS: "1" })],
      expectations,
    });
    const wrong = report.cases[0]!;
    expect(wrong.status).toBe("known_gap");
    expect(wrong.answer).toBe("/error_code=4007");
    // A timeout is not the listed failure: the gap is stale on the first attempt, so it was retried.
    expect(wrong.first_attempt?.raw_status).toBe("timeout");
    expect(wrong.first_attempt?.status).toBe("stale");
    expect(wrong.first_attempt?.answer).toBeUndefined();
    const json = JSON.parse(JSON.stringify(report));
    expect(auditReport(json).problems).toEqual([]);
    // An answer written into the first attempt is still caught.
    json.cases[0].first_attempt.answer = "/error_code=4006";
    expect(auditReport(json).problems).toContain(
      `retrier ${WRONG}: first attempt: the transcript's answer is none, the report says /error_code=4006`,
    );
  }, 60_000);

  it("runs each case once when retries are off", async () => {
    const corpus = loadCorpus();
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { ids: [STARVED] }),
      implementations: [adapter()],
      retry: false,
    });
    expect(report.cases[0]!.status).toBe("timeout");
    expect(report.cases[0]!.first_attempt).toBeUndefined();
  }, 60_000);
});
