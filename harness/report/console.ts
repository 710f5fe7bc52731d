/**
 * The console view: vectors per suite, counts per implementation, every failing case, every other
 * reason the run fails, and the closing count line. Every value goes through the `line` tag
 * (escape.ts): a newline, a carriage return or an escape sequence from an adapter cannot fake or
 * overwrite a line.
 */
import { relative } from "node:path";
import { describeDifference } from "../diff/describe.ts";
import { describeProtocolChoice } from "../model/protocols.ts";
import type { Counts, Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";
import { runLevelFailures } from "../model/verdict.ts";
import { own } from "../util/own.ts";
import { line, type Markup } from "./escape.ts";

function counts(c: Counts): string {
  const extra = [
    c.known_gap ? `${c.known_gap} known gaps` : "",
    c.stale ? `${c.stale} STALE` : "",
    c.faults ? `${c.faults} faults` : "",
    c.not_applicable ? `${c.not_applicable} not applicable` : "",
  ].filter(Boolean);
  return [`${c.pass} pass / ${c.fail} fail / ${c.unsupported} unsupported / ${c.observed} observed`, ...extra].join(" / ");
}

/** The MCP revisions a client actually used over the transport cases (what it sent / what was agreed). */
export function mcpText(mcp: { readonly sent: readonly string[]; readonly negotiated: readonly string[] } | undefined): string {
  if (!mcp) return "";
  return `, MCP ${mcp.negotiated.join("+") || "none agreed"} (sent ${mcp.sent.join("+") || "none"})`;
}

export function renderConsole(report: Report): string {
  const lines: Markup[] = [];
  const authored = report.vectors.filter((v) => v.provenance?.source !== "upstream").length;
  lines.push(
    line`corpus: ${report.vectors.length} vectors in ${report.corpus.suites.length} suites (${authored} authored, ${report.vectors.length - authored} upstream)`,
  );
  for (const impl of report.implementations) {
    const restarts = impl.stats.restarts ? `, ${impl.stats.restarts} restarts` : "";
    const broken = impl.stats.broken ? `, BROKEN: ${impl.stats.broken}` : "";
    const gaps = impl.expectations
      ? `, ${impl.expectations.gaps} known gaps listed in ${relative(process.cwd(), impl.expectations.file)}`
      : "";
    lines.push(
      line`implementation ${impl.name}: ${impl.handshake.sdk.name} ${impl.handshake.sdk.version} (${impl.transport}, protocol ${describeProtocolChoice(impl.protocol)}${mcpText(impl.mcp)}${restarts}${gaps}${broken})`,
    );
  }
  for (const suite of report.corpus.suites) {
    const perImpl = report.implementations
      .map(({ name }) => {
        const c = own(own(report.summary.by_suite, suite.name), name);
        return c ? `${name} ${counts(c)}` : "";
      })
      .join("; ");
    lines.push(line`  ${suite.name.padEnd(22)} ${String(suite.vectors).padStart(4)} vectors  ${perImpl}`);
  }
  // The same message on many cases (an adapter that never started) is shown three times, then counted.
  const repeats = new Map<string, number>();
  for (const c of report.cases.filter((x) => isFailing(x.status))) {
    const first = c.diffs[0];
    const stale = c.status === "stale" ? `listed as a known ${c.gap?.status} but the case is now ${c.raw_status}` : undefined;
    const detail = stale ?? c.note ?? (first ? c.diffs.map(describeDifference).join("; ") : "");
    const key = `${c.implementation} ${c.status} ${c.note ?? ""}`;
    const seen = (repeats.get(key) ?? 0) + 1;
    repeats.set(key, seen);
    if (c.note === undefined || seen <= 3) lines.push(line`${c.status.toUpperCase()} ${c.implementation} ${c.vector_id}: ${detail}`);
  }
  for (const [key, seen] of repeats) {
    if (seen > 3) lines.push(line`… and ${seen - 3} more ${key.split(" ").slice(0, 2).reverse().join(" cases of ")} with the same message`);
  }
  // What fails the run besides failing cases: orphan or observe-tier expectations entries, an adapter that never started, nothing judged.
  for (const f of runLevelFailures(report.verdict)) lines.push(line`RUN FAILS: ${f.message}`);
  if (report.incomplete)
    lines.push(
      line`INCOMPLETE: interrupted by ${report.incomplete.reason}${report.incomplete.phase ? ` during ${report.incomplete.phase}` : ""}${
        report.incomplete.detail ? ` (${report.incomplete.detail})` : ""
      }; ${report.incomplete.not_run.length} cases did not run`,
    );
  const o = report.summary.overall;
  for (const [impl, a] of Object.entries(report.facts.verdict_agreement)) {
    lines.push(
      line`verdicts ${impl}: accept/reject agrees on ${a.accept_agree}/${a.verdicts}, reason too on ${a.reason_agree}/${a.verdicts}`,
    );
  }
  if (report.implementations.length > 1) {
    const split = report.facts.disagreements;
    const observe = split.filter((d) => d.tier === "observe").length;
    lines.push(
      line`implementations disagree on ${split.length} vectors (${observe} of them observe-tier, where only this comparison applies); see matrix.md`,
    );
  }
  if (o.known_gap) lines.push(line`known gaps (listed in expectations, not failing the run): ${o.known_gap}`);
  const todo = report.cases.filter((c) => c.status === "known_gap" && c.gap?.reason.startsWith("TODO")).length;
  if (todo) lines.push(line`WARNING: ${todo} known gaps have no reason yet (TODO in the expectations file)`);
  const runLevel = runLevelFailures(report.verdict).length;
  lines.push(
    line`conformance: ${o.pass} passed, ${o.failed} failed, ${o.skipped} skipped, ${o.not_applicable} not applicable${
      runLevel ? `; the run FAILS for ${runLevel} more reason${runLevel > 1 ? "s" : ""} (RUN FAILS above)` : ""
    }${report.incomplete ? "; INCOMPLETE" : ""}`,
  );
  return lines.map((l) => l.text).join("\n");
}
