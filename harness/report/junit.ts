/**
 * The JUnit XML view, one document per implementation (what an SDK's CI ingests): a testsuite per
 * corpus suite, a testcase per vector. Wrong answers, stale gaps and faults are failures; known
 * gaps, unsupported and observe cases are skipped with the reason. What fails the run besides its
 * cases (an orphan expectations entry, an adapter that never started, nothing judged) is a failing
 * testcase of a testsuite `<implementation>.run`, so a CI reading only JUnit still sees it. Every
 * value goes through the `xml` tag.
 */
import { describeDifference } from "../diff/describe.ts";
import { staleReason } from "../model/gap-answer.ts";
import type { CaseRecord, Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";
import { type RunFailure, runLevelFailures } from "../model/verdict.ts";
import { type Markup, xml, xmlText } from "./escape.ts";

export { xmlText };

function message(c: CaseRecord): string {
  if (c.status === "stale") return staleReason(c);
  if (c.status === "known_gap") return `known gap: ${c.gap?.reason ?? ""}`;
  return c.note ?? c.diffs.map(describeDifference).join("; ");
}

const seconds = (ms: number) => (Number(ms) / 1000).toFixed(3);

function testcase(c: CaseRecord): Markup {
  const open = xml`    <testcase classname="${c.suite}" name="${c.vector_id}" time="${seconds(c.duration_ms)}"`;
  if (c.status === "pass") return xml`${open}/>`;
  const kind = isFailing(c.status) ? "failure" : "skipped";
  const body = isFailing(c.status) ? `${c.transcript.request ?? ""}\n${c.transcript.response ?? c.transcript.fault?.detail ?? ""}` : "";
  return xml`${open}>
      <${kind} message="${message(c)}" type="${c.status}">${body}</${kind}>
    </testcase>`;
}

function runFailureCase(implementation: string, f: RunFailure): Markup {
  return xml`    <testcase classname="${implementation}.run" name="${f.kind}${f.vector_id ? `:${f.vector_id}` : ""}" time="0.000">
      <failure message="${f.message}" type="${f.kind}"/>
    </testcase>`;
}

export function renderJUnit(report: Report, implementation: string): string {
  const cases = report.cases.filter((c) => c.implementation === implementation);
  const suites = [...new Set(cases.map((c) => c.suite))];
  const timestamp = String(report.started_at).slice(0, 19);
  const body = suites.map((suite) => {
    const mine = cases.filter((c) => c.suite === suite);
    const failures = mine.filter((c) => isFailing(c.status)).length;
    const skipped = mine.filter((c) => !isFailing(c.status) && c.status !== "pass").length;
    const time = mine.reduce((t, c) => t + Number(c.duration_ms), 0);
    return xml`  <testsuite name="${`${implementation}.${suite}`}" tests="${mine.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${timestamp}">
${mine.map(
  (c) => xml`${testcase(c)}
`,
)}  </testsuite>
`;
  });
  // An interop cell names its three roles ("agent/server/computer"): each role's document carries it.
  const mine = (f: RunFailure) =>
    f.implementation === implementation || (f.kind === "interop_cell" && f.implementation.split("/").includes(implementation));
  const runFailures = report.verdict ? runLevelFailures(report.verdict).filter(mine) : [];
  if (runFailures.length > 0)
    body.push(xml`  <testsuite name="${`${implementation}.run`}" tests="${runFailures.length}" failures="${runFailures.length}" errors="0" skipped="0" time="0.000" timestamp="${timestamp}">
${runFailures.map(
  (f) => xml`${runFailureCase(implementation, f)}
`,
)}  </testsuite>
`);
  const failures = cases.filter((c) => isFailing(c.status)).length + runFailures.length;
  return xml`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${`smcp-conformance ${implementation}`}" tests="${cases.length + runFailures.length}" failures="${failures}" errors="0">
${body}</testsuites>
`.text;
}
