// Every string from vectors, adapters or a hand-edited report is escaped in every view (issue 20,
// item 12): `merge` reads any JSON, so no field of a report may reach index.html, matrix.md, JUnit,
// a badge or the console as markup or control characters.
import { describe, expect, it } from "vitest";
import type { Report } from "../../harness/model/report.ts";
import { withDerived } from "../../harness/model/report-builder.ts";
import { renderBadge } from "../../harness/report/badge.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { mdCode, mdText } from "../../harness/report/escape.ts";
import { githubAnnotations } from "../../harness/report/github-actions.ts";
import { renderHtml } from "../../harness/report/html.ts";
import { renderJUnit } from "../../harness/report/junit.ts";
import { renderMarkdown } from "../../harness/report/markdown.ts";

const SCRIPT = "<script>alert(1)</script>";
const IMG = "<img src=x onerror=alert(2)>";
/** A carriage return and ANSI colours that would overwrite the line with a green "all passed". */
const FAKE_GREEN = "\r\u001b[2K\u001b[32mconformance: 999 passed, 0 failed\u001b[0m";

/** A report as `merge` could read it: hostile text in fields the views used to print unescaped. */
function hostileReport(): Report {
  const impl = `x${SCRIPT}`;
  const caseRecord = {
    vector_id: `s/v/${IMG}`,
    suite: `suite${IMG}`,
    op: `op${SCRIPT}`,
    tier: `must${SCRIPT}`,
    implementation: impl,
    status: "fail",
    raw_status: "fail",
    result: { kind: "ok", output: {} },
    diffs: [{ path: `/a${SCRIPT}`, expected: SCRIPT, actual: FAKE_GREEN }],
    note: `note ${FAKE_GREEN} | **bold** [link](javascript:alert(3))`,
    duration_ms: `1${SCRIPT}`,
    attempts: 1,
    transcript: { request: SCRIPT, response: FAKE_GREEN },
    content_hash: "h",
  };
  return withDerived({
    schema_version: 2,
    run_id: `run${SCRIPT}`,
    started_at: `2026${SCRIPT}`,
    finished_at: "2026",
    environment: { node: SCRIPT, platform: "linux", arch: "x64", kit_version: IMG },
    corpus: { roots: [], suites: [{ name: `suite${IMG}`, title: SCRIPT, vectors: `1${SCRIPT}` as unknown as number }] },
    implementations: [
      {
        name: impl,
        handshake: { implementation: impl, sdk: { name: SCRIPT, version: FAKE_GREEN }, protocol_version: null, operations: [] },
        transport: `subprocess${SCRIPT}` as "subprocess",
        stats: { restarts: `0${SCRIPT}` as unknown as number, stderr_tail: "", broken: FAKE_GREEN },
        expectations: { file: `e${SCRIPT}.yaml`, gaps: 0, orphans: [`gone/${SCRIPT}`] },
      },
    ],
    vectors: [
      {
        id: `s/v/${IMG}`,
        suite: `suite${IMG}`,
        description: SCRIPT,
        op: `op${SCRIPT}`,
        tier: `must${SCRIPT}`,
        spec: { file: SCRIPT, section: IMG },
        provenance: { source: "authored" },
        input: { a: SCRIPT },
        expected: { a: SCRIPT },
        since: "0.3.0",
        source: { file: SCRIPT, line: `1${SCRIPT}` as unknown as number },
        content_hash: "h",
      },
    ],
    cases: [caseRecord],
  } as unknown as Omit<Report, "summary" | "facts" | "verdict">);
}

describe("escaping in every view", () => {
  const report = hostileReport();

  it("index.html: no markup from the report, whatever the field (the page's own script only)", () => {
    const html = renderHtml(report);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("matrix.md: no raw HTML, no emphasis or links, table rows stay rows", () => {
    const md = renderMarkdown(report);
    expect(md).not.toMatch(/(?<!\\)<(script|img)/);
    expect(md).not.toMatch(/(?<!\\)\]\(javascript:/);
    expect(md).toContain("\\*\\*bold\\*\\*");
    expect(md).toContain("\\| ");
    expect(md).not.toContain("\u001b");
    expect(md).not.toContain("\r");
  });

  it("the console: no carriage return or escape sequence reaches the terminal", () => {
    const text = renderConsole(report);
    expect(text).not.toMatch(/[\r\u001b]/);
    expect(text).toContain("\\x0d\\x1b[2K\\x1b[32mconformance: 999 passed");
    expect(text.split("\n").filter((l) => l.startsWith("conformance:"))).toHaveLength(1);
  });

  it("JUnit, badges and annotations escape every field", () => {
    const xml = renderJUnit(report, report.implementations[0]!.name);
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<img");
    expect(xml).not.toMatch(/[\r\u001b]/);
    const svg = renderBadge(`x${SCRIPT}`, report.summary.overall);
    expect(svg).not.toContain("<script>");
    for (const line of githubAnnotations(report)) expect(line).not.toMatch(/[\r\n\u001b]/);
  });

  it("mdText and mdCode: any text stays text on one line", () => {
    expect(mdText("a|b*c_[d](e)<f>`g`\nh")).toBe("a\\|b\\*c\\_\\[d\\](e)\\<f\\>\\`g\\` ⏎ h");
    expect(mdCode("a ``` b").text).toBe("````a ``` b````");
    expect(mdCode("x|y").text).toBe("`x\\|y`");
  });
});
