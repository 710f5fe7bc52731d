/**
 * The console view: a compact matrix (a row per suite, a column per implementation), every failing
 * case (identical messages folded), every other reason the run fails, and the closing count line.
 * Every value goes through the `line` tag (escape.ts): a newline, a carriage return or an escape
 * sequence from an adapter cannot fake or overwrite a line. Colour (color.ts) is added around the
 * escaped text only, so a red run never reads green with colour or without.
 */

import { relative } from "node:path";
import { evidenceBehind } from "../diff/evidence-behind.ts";
import { describeDifferences } from "../diff/story.ts";
import { casesWith, retriedCases } from "../model/case-list.ts";
import { staleReason } from "../model/gap-answer.ts";
import { stoppedByInterrupt } from "../model/implementation.ts";
import { describeProtocolChoice } from "../model/protocols.ts";
import type { CaseRecord, Report } from "../model/report.ts";
import { FAILING_STATUSES, isFault } from "../model/status.ts";
import { neverStarted, runLevelFailures } from "../model/verdict.ts";
import { plural } from "../util/plural.ts";
import { type Colors, colors } from "./color.ts";
import { interopLines } from "./console-interop.ts";
import { suiteTable, TABLE_LEGEND } from "./console-table.ts";
import { draftLine, liveSlotsLine, mcpTransportLine } from "./environment-text.ts";
import { line } from "./escape.ts";
import { interopCounts } from "./interop-counts.ts";
import { flakyText, retriedNote, retriedPasses, starvedText } from "./retry-text.ts";
import { roleLines, statementLine, statementsOf } from "./statement-text.ts";

export interface ConsoleOptions {
  /** Only what failed and the closing line. */
  readonly quiet?: boolean;
  readonly color?: boolean;
  /** The terminal's width (default 100). */
  readonly columns?: number;
}

/** Identical messages on more cases than this are shown this many times, then counted. */
const SHOWN_PER_MESSAGE = 3;

/** The MCP revisions a client actually used over the transport cases (what it sent / what was agreed). */
export function mcpText(mcp: { readonly sent: readonly string[]; readonly negotiated: readonly string[] } | undefined): string {
  if (!mcp) return "";
  return `, MCP ${mcp.negotiated.join("+") || "none agreed"} (sent ${mcp.sent.join("+") || "none"})`;
}

/** What a failing case's line says after its id. */
export function failureDetail(c: CaseRecord): string {
  if (c.status === "stale") return staleReason(c) + retriedNote(c);
  if (c.note !== undefined) return c.note + retriedNote(c);
  return describeDifferences(c.diffs, c.op).join("; ") + retriedNote(c);
}

/** Flaky cases, one line each: never green-washed, never red. */
function flakyLines(report: Report, p: Colors): string[] {
  return casesWith(report.cases, ["flaky"]).map(
    (c) => `${p.yellow(p.bold("FLAKY"))} ${line`${c.implementation} ${c.vector_id}: ${flakyText(c)}`.text}`,
  );
}

/** Passes that needed a retry because the machine starved the first attempt: the load shows, the verdict does not move. */
function retriedLines(report: Report, p: Colors): string[] {
  return retriedPasses(retriedCases(report.cases)).map(
    (c) => `${p.dim("RETRIED")} ${line`${c.implementation} ${c.vector_id}: ${starvedText(c)}`.text}`,
  );
}

/** A failing live case's evidence is shown up to this many lines a packet or body (report.json and index.html keep it whole). */
const EVIDENCE_LINES = 40;

/** Failing case lines; a message shared word for word by many cases of one implementation is folded. */
function failureLines(report: Report, p: Colors): string[] {
  const out: string[] = [];
  const groups = new Map<string, { status: string; implementation: string; detail: string; ids: string[] }>();
  const silent = neverStarted(report); // said once, in RUN FAILS
  for (const c of casesWith(report.cases, FAILING_STATUSES).filter((x) => !silent.has(x.implementation))) {
    const detail = failureDetail(c);
    const key = JSON.stringify([c.implementation, c.status, detail]);
    const g = groups.get(key) ?? { status: c.status, implementation: c.implementation, detail, ids: [] };
    g.ids.push(c.vector_id);
    groups.set(key, g);
    if (g.ids.length <= SHOWN_PER_MESSAGE) {
      out.push(`${p.red(p.bold(c.status.toUpperCase()))} ${line`${c.implementation} ${c.vector_id}: ${detail}`.text}`);
      for (const text of evidenceBehind(c, EVIDENCE_LINES)) out.push(p.dim(line`    ${text}`.text));
    }
  }
  for (const g of groups.values()) {
    if (g.ids.length > SHOWN_PER_MESSAGE)
      out.push(
        p.red(
          line`… and ${g.ids.length - SHOWN_PER_MESSAGE} more ${g.status} cases of ${g.implementation} with exactly this message: ${g.detail}`
            .text,
        ),
      );
  }
  return out;
}

function header(report: Report, p: Colors, columns: number): string[] {
  const out: string[] = [];
  const authored = report.vectors.filter((v) => v.provenance?.source !== "upstream").length;
  out.push(
    line`corpus: ${plural(report.vectors.length, "vector")} in ${plural(report.corpus.suites.length, "suite")} (${authored} authored, ${report.vectors.length - authored} upstream)`
      .text,
  );
  if (report.corpus.left_out?.length)
    out.push(line`  left out (opt-in): ${report.corpus.left_out.join(", ")}; run with --suite ${report.corpus.left_out.join(",")}`.text);
  for (const impl of report.implementations) {
    const restarts = impl.stats.restarts ? `, ${plural(impl.stats.restarts, "restart")}` : "";
    const gaps = impl.expectations
      ? `, ${plural(impl.expectations.gaps, "known gap")} in ${relative(process.cwd(), impl.expectations.file)}`
      : "";
    const text = line`${impl.name}: ${impl.handshake.sdk.name} ${impl.handshake.sdk.version} (${impl.transport}, protocol ${describeProtocolChoice(impl.protocol)}${mcpText(impl.mcp)}${restarts}${gaps})`;
    out.push(`${p.bold("implementation")} ${text.text}`);
    const broken = impl.stats.broken;
    // An adapter the run itself stopped (a signal, --bail) did not fail: say so without the alarm.
    if (broken) out.push(stoppedByInterrupt(broken) ? p.dim(line`  stopped: ${broken}`.text) : p.red(line`  BROKEN: ${broken}`.text));
  }
  const slots = liveSlotsLine(report.environment);
  if (slots) out.push(p.dim(line`${slots}`.text));
  const mcpTransport = mcpTransportLine(report.run);
  if (mcpTransport) out.push(p.bold(line`${mcpTransport}`.text));
  const draft = draftLine(report);
  if (draft) out.push(p.bold(line`DRAFT: ${draft}`.text));
  out.push("", ...suiteTable(report, p, columns), p.dim(TABLE_LEGEND), "");
  return out;
}

function footer(report: Report, p: Colors): string[] {
  const out: string[] = [];
  for (const [impl, a] of Object.entries(report.facts.verdict_agreement)) {
    out.push(
      line`verdicts ${impl}: accept/reject agrees on ${a.accept_agree}/${a.verdicts}, reason too on ${a.reason_agree}/${a.verdicts}`.text,
    );
  }
  if (report.implementations.length > 1) {
    const split = report.facts.disagreements;
    const observe = split.filter((d) => d.tier === "observe").length;
    out.push(
      line`implementations disagree on ${plural(split.length, "vector")} (${observe} of them observe-tier, where only this comparison applies); see matrix.md`
        .text,
    );
  }
  const o = report.summary.overall;
  if (o.known_gap) out.push(p.yellow(`known gaps (listed in expectations, not failing the run): ${o.known_gap}`));
  const gaps = casesWith(report.cases, ["known_gap"]);
  const todo = gaps.filter((c) => c.gap?.reason.startsWith("TODO")).length;
  if (todo)
    out.push(p.yellow(`WARNING: ${plural(todo, "known gap has", "known gaps have")} no reason yet (TODO in the expectations file)`));
  // An entry without `answer` matches on status alone: a changed answer under it would stay green.
  const unpinned = gaps.filter((c) => c.gap?.status === "fail" && c.gap.answer === undefined).length;
  if (unpinned)
    out.push(
      p.yellow(
        `${plural(unpinned, "known gap is", "known gaps are")} unpinned (no answer: matched on status alone); --update-expectations pins them`,
      ),
    );
  return out;
}

export function renderConsole(report: Report, options: ConsoleOptions = {}): string {
  const p = colors(options.color === true);
  const quiet = options.quiet === true;
  const lines: string[] = quiet ? [] : header(report, p, options.columns ?? 100);
  lines.push(...failureLines(report, p));
  lines.push(...flakyLines(report, p));
  if (!quiet) lines.push(...retriedLines(report, p));
  if (!quiet)
    lines.push(
      ...interopLines(
        report.interop,
        report.implementations.map((i) => i.name),
      ),
    );
  // What fails the run besides failing cases: orphan or observe-tier expectations entries, an adapter that never started, nothing judged.
  for (const f of runLevelFailures(report.verdict)) lines.push(`${p.red(p.bold("RUN FAILS:"))} ${line`${f.message}`.text}`);
  if (report.incomplete)
    lines.push(
      p.red(
        line`INCOMPLETE: interrupted by ${report.incomplete.reason}${report.incomplete.phase ? ` during ${report.incomplete.phase}` : ""}${
          report.incomplete.detail ? ` (${report.incomplete.detail})` : ""
        }; ${report.incomplete.not_run.length} cases did not run`.text,
      ),
    );
  if (!quiet) lines.push(...footer(report, p));
  // The claim each implementation may make, one line each (issue 29), right above the closing line.
  for (const s of statementsOf(report)) lines.push(line`${statementLine(s)}`.text, ...roleLines(s).map((r) => line`${r}`.text));
  const o = report.summary.overall;
  const runLevel = runLevelFailures(report.verdict).length;
  const interop = report.interop?.length ? `; ${interopCounts(report.interop)}` : "";
  // Stale entries are counted as stale: a run red only because gaps got fixed does not read as "N failed".
  const stale = `${o.stale ? `, ${o.stale} stale` : ""}${o.flaky ? `, ${o.flaky} flaky` : ""}`;
  // A known gap that is a crash, timeout or protocol error is said to be one: it is not a divergence the SDK was judged on.
  const faultGaps = o.known_gap ? casesWith(report.cases, ["known_gap"]).filter((c) => isFault(c.raw_status)).length : 0;
  const gaps = o.known_gap
    ? `, ${plural(o.known_gap, "known gap")}${faultGaps ? ` (${faultGaps} of them faults: crash, timeout or protocol error)` : ""}`
    : "";
  const closing =
    line`conformance: ${o.pass} passed, ${o.failed - o.stale} failed${stale}, ${o.skipped} skipped, ${o.not_applicable} not applicable${gaps}${interop}${
      runLevel ? `; the run FAILS for ${runLevel} more reason${runLevel > 1 ? "s" : ""} (RUN FAILS above)` : ""
    }${report.incomplete ? "; INCOMPLETE" : ""}`.text;
  const status = report.verdict.status;
  lines.push(status === "pass" ? p.green(closing) : p.red(p.bold(closing)));
  return lines.join("\n");
}
