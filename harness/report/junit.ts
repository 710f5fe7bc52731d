/**
 * The JUnit XML view, one document per implementation (what an SDK's CI ingests): a testsuite per
 * corpus suite, a testcase per vector. Wrong answers, stale gaps and faults are failures; known
 * gaps, unsupported and observe cases are skipped with the reason. What fails the run besides its
 * cases (an orphan expectations entry, an adapter that never started, nothing judged) is a failing
 * testcase of a testsuite `<implementation>.run`, so a CI reading only JUnit still sees it. Every
 * value goes through the `xml` tag.
 */

import { describeDifferences } from "../diff/story.ts";
import { casesOf } from "../model/case-list.ts";
import { staleReason } from "../model/gap-answer.ts";
import type { CaseRecord, Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";
import { type RunFailure, runLevelFailures } from "../model/verdict.ts";
import { type Markup, xml, xmlText } from "./escape.ts";

import { flakyText, retriedNote } from "./retry-text.ts";

export { xmlText };

function message(c: CaseRecord): string {
  if (c.status === "stale") return staleReason(c);
  if (c.status === "known_gap") return `known gap: ${c.gap?.reason ?? ""}`;
  if (c.status === "flaky") return `flaky: ${flakyText(c)}`;
  return (c.note ?? describeDifferences(c.diffs, c.op).join("; ")) + retriedNote(c);
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

/** One testsuite's counts, for its opening tag. */
interface SuiteCounts {
  readonly suite: string;
  tests: number;
  failures: number;
  skipped: number;
  time: number;
}

/** Testcase text gathered before it is handed on: a few dozen kilobytes, not a piece per testcase. */
const PIECE_CHARS = 64 << 10;

/**
 * The document in pieces, reading the implementation's cases twice (a run's cases are on disk):
 * once for each suite's counts, which its opening tag carries, then again for the testcases. At
 * 100k vectors, gathering every testcase's text under its suite instead held about 80 MB at once.
 */
export function* junitChunks(report: Report, implementation: string): Generator<string> {
  const timestamp = String(report.started_at).slice(0, 19);
  const { bySuite, tests, failing, contiguous } = suiteCounts(report, implementation);
  // An interop cell names its three roles ("agent/server/computer"): each role's document carries it.
  const mine = (f: RunFailure) =>
    f.implementation === implementation || (f.kind === "interop_cell" && f.implementation.split("/").includes(implementation));
  const runFailures = report.verdict ? runLevelFailures(report.verdict).filter(mine) : [];
  yield xml`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${`smcp-conformance ${implementation}`}" tests="${tests + runFailures.length}" failures="${failing + runFailures.length}" errors="0">
`.text;
  const open = (b: SuiteCounts) =>
    xml`  <testsuite name="${`${implementation}.${b.suite}`}" tests="${b.tests}" failures="${b.failures}" errors="0" skipped="${b.skipped}" time="${seconds(b.time)}" timestamp="${timestamp}">
`.text;
  const close = "  </testsuite>\n";
  if (contiguous) {
    // Each suite's cases come together: one more pass, a suite's tag opened where its first case is.
    let piece = "";
    let current: string | undefined;
    for (const c of casesOf(report.cases, implementation)) {
      if (c.suite !== current) {
        piece += `${current === undefined ? "" : close}${open(bySuite.get(c.suite)!)}`;
        current = c.suite;
      }
      piece += `${testcase(c).text}\n`;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = "";
      }
    }
    if (current !== undefined) yield `${piece}${close}`;
  } else {
    // A suite's cases apart (a corpus folder adding to a kit suite): a pass per suite keeps the same document.
    for (const b of bySuite.values()) {
      let piece = open(b);
      for (const c of casesOf(report.cases, implementation)) {
        if (c.suite !== b.suite) continue;
        piece += `${testcase(c).text}\n`;
        if (piece.length >= PIECE_CHARS) {
          yield piece;
          piece = "";
        }
      }
      yield `${piece}${close}`;
    }
  }
  if (runFailures.length > 0)
    yield xml`  <testsuite name="${`${implementation}.run`}" tests="${runFailures.length}" failures="${runFailures.length}" errors="0" skipped="0" time="0.000" timestamp="${timestamp}">
${runFailures.map(
  (f) => xml`${runFailureCase(implementation, f)}
`,
)}  </testsuite>
`.text;
  yield "</testsuites>\n";
}

/** Each suite's counts in the order suites first appear, the totals, and whether each suite's cases come together. */
function suiteCounts(report: Report, implementation: string) {
  const bySuite = new Map<string, SuiteCounts>();
  let tests = 0;
  let failing = 0;
  let contiguous = true;
  let current: string | undefined;
  for (const c of casesOf(report.cases, implementation)) {
    let block = bySuite.get(c.suite);
    if (block === undefined) bySuite.set(c.suite, (block = { suite: c.suite, tests: 0, failures: 0, skipped: 0, time: 0 }));
    else if (c.suite !== current) contiguous = false;
    current = c.suite;
    block.tests++;
    tests++;
    if (isFailing(c.status)) {
      block.failures++;
      failing++;
    } else if (c.status !== "pass") block.skipped++;
    block.time += Number(c.duration_ms);
  }
  return { bySuite, tests, failing, contiguous };
}

export function renderJUnit(report: Report, implementation: string): string {
  return [...junitChunks(report, implementation)].join("");
}
