// The HTML view shows hostile strings from vectors and adapters as text, never as markup.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { escapeHtml, renderHtml } from "../../harness/report/html.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempCorpus } from "../corpus/temp-corpus.ts";

const HOSTILE = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`;

const file = [
  "suite: exposed-name",
  "provenance: { source: authored }",
  "vectors:",
  "  - id: exposed-name/hostile/markup",
  `    description: ${JSON.stringify(`a description with ${HOSTILE}`)}`,
  `    spec: { file: ${JSON.stringify(HOSTILE)}, section: s }`,
  "    tier: must",
  "    op: exposed_name",
  `    input: { bundle_id: b, tool_name: ${JSON.stringify(HOSTILE)} }`,
  `    expected: { exposed_name: ${JSON.stringify(`b__x${HOSTILE}`)} }`,
  "    covers: [data-structures/exposed-tool-name/1]",
].join("\n");

describe("HTML report", () => {
  it("escapes every string from vectors and adapters", async () => {
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "exposed-name/hostile.yaml": file })] });
    const vectors = selectVectors(corpus, { filter: "exposed-name/hostile/" });
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    expect(report.cases[0]!.status).toBe("fail"); // so the case is shown with its diff and transcript
    const html = renderHtml(report);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html.match(/<script>/g)).toHaveLength(1); // the page's own filter script only
    expect(html).toContain(escapeHtml(HOSTILE));
    expect(html).toContain("exposed-name/hostile/markup");
  });

  it("shows an adapter line whole up to 64 KiB, then says how much more report.json holds (a flood cannot make the page too long a string)", async () => {
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "exposed-name/hostile.yaml": file })] });
    const vectors = selectVectors(corpus, { filter: "exposed-name/hostile/" });
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    const big = `{"type":"result","id":1,"ok":true,"output":{"exposed_name":"${"x".repeat(1_000_000)}"}}`;
    const cases = report.cases.map((c) => ({ ...c, transcript: { ...c.transcript, response: big } }));
    const html = renderHtml({ ...report, cases });
    expect(html.length).toBeLessThan(500_000);
    expect(html).toContain(`… (${big.length - 65_536} more characters in report.json)`);
  });

  it("the verdict banner counts the interop cells beside the cases, a known failure said as one", async () => {
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "exposed-name/hostile.yaml": file })] });
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "exposed-name/hostile/" }),
      implementations: [referenceInProcess()],
    });
    const cell = (computer: string, known: boolean) => ({
      vector_id: "wire-interop/round-trip/whole-scenario",
      ...{ agent: "reference", server: "reference", computer },
      raw_status: known ? ("fail" as const) : ("pass" as const),
      status: known ? ("known_gap" as const) : ("pass" as const),
      diffs: [],
      duration_ms: 1,
      evidence: {},
      ...(known ? { gap: { implementation: "reference", reason: "listed" } } : {}),
    });
    const html = renderHtml({ ...report, interop: [cell("a", false), cell("b", true)] });
    expect(html).toMatch(/<div id="verdict"[^>]*>.*; interop 1\/2 cases pass \(1 known failures\)\./s);
  });

  it("escapeHtml covers the five markup characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
