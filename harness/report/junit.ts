/**
 * The JUnit XML view, one document per implementation (what an SDK's CI ingests): a testsuite per
 * corpus suite, a testcase per vector. Wrong answers, stale gaps and faults are failures; known
 * gaps, unsupported and observe cases are skipped with the reason.
 */
import { describeDifference } from "../diff/describe.ts";
import type { CaseRecord, Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";

/** XML 1.0 text: escapes markup and drops characters XML cannot carry (controls, lone surrogates). */
export function xmlText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "\uFFFD",
    )
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function message(c: CaseRecord): string {
  if (c.status === "stale") return `listed as a known ${c.gap?.status} gap but the case is now ${c.raw_status}`;
  if (c.status === "known_gap") return `known gap: ${c.gap?.reason ?? ""}`;
  return c.note ?? c.diffs.map(describeDifference).join("; ");
}

function testcase(c: CaseRecord): string {
  const open = `    <testcase classname="${xmlText(c.suite)}" name="${xmlText(c.vector_id)}" time="${(c.duration_ms / 1000).toFixed(3)}"`;
  if (c.status === "pass") return `${open}/>`;
  const kind = isFailing(c.status) ? "failure" : "skipped";
  const body = isFailing(c.status)
    ? `${xmlText(c.transcript.request ?? "")}\n${xmlText(c.transcript.response ?? c.transcript.fault?.detail ?? "")}`
    : "";
  return `${open}>\n      <${kind} message="${xmlText(message(c))}" type="${c.status}">${body}</${kind}>\n    </testcase>`;
}

export function renderJUnit(report: Report, implementation: string): string {
  const cases = report.cases.filter((c) => c.implementation === implementation);
  const suites = [...new Set(cases.map((c) => c.suite))];
  const body = suites.map((suite) => {
    const mine = cases.filter((c) => c.suite === suite);
    const failures = mine.filter((c) => isFailing(c.status)).length;
    const skipped = mine.filter((c) => !isFailing(c.status) && c.status !== "pass").length;
    const time = mine.reduce((t, c) => t + c.duration_ms, 0) / 1000;
    return [
      `  <testsuite name="${xmlText(`${implementation}.${suite}`)}" tests="${mine.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${report.started_at.slice(0, 19)}">`,
      ...mine.map(testcase),
      "  </testsuite>",
    ].join("\n");
  });
  const failures = cases.filter((c) => isFailing(c.status)).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="smcp-conformance ${xmlText(implementation)}" tests="${cases.length}" failures="${failures}" errors="0">\n${body.join("\n")}\n</testsuites>\n`;
}
