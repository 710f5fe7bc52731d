/**
 * The Markdown view: the run's verdict, a suites × implementations table and every failing case
 * with its diffs. Every value goes through the `md` tag (escape.ts): a vector or an adapter cannot
 * add Markdown or HTML of its own, nor break a table row.
 */

import { describeDifferences } from "../diff/story.ts";
import { casesWith, retriedCases } from "../model/case-list.ts";
import { interopCell, interopGrid } from "../model/interop.ts";
import { describeProtocolChoice } from "../model/protocols.ts";
import type { Counts, Report } from "../model/report.ts";
import { FAILING_STATUSES } from "../model/status.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import { own } from "../util/own.ts";
import { renderCoverageMarkdown } from "./coverage-text.ts";
import { draftLine, kitText, mcpTransportLine } from "./environment-text.ts";
import { join, type Markup, md, mdCode } from "./escape.ts";
import { flakyText, retriedNote, retriedPasses, starvedText } from "./retry-text.ts";
import { roleLine, statementLine, statementsOf } from "./statement-text.ts";

const cells = (parts: readonly Markup[]) => join("md", parts, " | ");

function cell(c: Counts | undefined): Markup {
  if (!c) return md`–`;
  const parts = [md`${c.pass}/${c.judged} pass`];
  if (c.fail) parts.push(md`**${c.fail} fail**`);
  if (c.faults) parts.push(md`**${c.faults} faults**`);
  if (c.stale) parts.push(md`**${c.stale} stale**`);
  if (c.known_gap) parts.push(md`${c.known_gap} known gaps`);
  if (c.flaky) parts.push(md`**${c.flaky} flaky**`);
  if (c.unsupported) parts.push(md`${c.unsupported} unsupported`);
  if (c.observed) parts.push(md`${c.observed} observed`);
  if (c.not_applicable) parts.push(md`${c.not_applicable} not applicable`);
  return join("md", parts, ", ");
}

/** Package versions the adapter reported beside the SDK's (e.g. the mcp or rmcp client library). */
export function packagesText(packages: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(packages ?? {});
  return entries.length === 0 ? "–" : entries.map(([name, version]) => `${name} ${version}`).join(", ");
}

/** The verdict and every reason, orphan expectations entries included. */
function verdictLines(report: Report): Markup[] {
  const v = report.verdict;
  const lines = [md`**${v.status.toUpperCase()}**`];
  if (report.incomplete) {
    const i = report.incomplete;
    lines[0] = md`**INCOMPLETE**: interrupted by ${i.reason}${i.phase ? md` during ${i.phase}` : ""}${
      i.detail ? md` (${i.detail})` : ""
    }; ${i.not_run.length} cases did not run.`;
  }
  for (const f of v.failures) lines.push(md`- ${f.message}`);
  return lines;
}

/** The failing cases with their differences; past `limit` cases, a line saying how many more matrix.md lists. */
function failureLines(report: Report, limit = Number.POSITIVE_INFINITY): Markup[] {
  const failures = casesWith(report.cases, FAILING_STATUSES);
  const lines = [failures.length === 0 ? md`No failures.` : md`## Failures (${failures.length})`, md``];
  for (const c of failures.slice(0, limit)) {
    lines.push(md`- **${c.vector_id}** on ${c.implementation} (${c.status})${c.note ? md`: ${c.note}` : ""}${retriedNote(c)}`);
    for (const d of describeDifferences(c.diffs, c.op)) lines.push(md`  - ${d}`);
  }
  if (failures.length > limit) lines.push(md`- … and ${failures.length - limit} more, in matrix.md`);
  return lines;
}

/**
 * The short form of the Markdown view, for a CI step summary when the full one is long: the
 * verdict, one row of totals per implementation, the first failures, and where the rest is.
 */
export function renderShortMarkdown(report: Report, where: Markup, failureLimit = 30): string {
  const impls = report.implementations.map((i) => i.name);
  const lines: Markup[] = [
    md`# smcp-conformance run ${report.run_id}`,
    md``,
    ...verdictLines(report),
    md``,
    md`| | ${cells(impls.map((i) => md`${i}`))} |`,
    md`| --- | ${cells(impls.map(() => md`---`))} |`,
    md`| **all** (${report.vectors.length} vectors) | ${cells(impls.map((i) => cell(own(report.summary.by_implementation, i))))} |`,
    md``,
    ...failureLines(report, failureLimit).filter((line, i, all) => i < all.length - 1 || line.text !== ""),
    md``,
    md`The per-suite matrix, every failure, the disagreements and the known gaps: ${where}`,
  ];
  return `${join("md", lines, "\n").text}\n`;
}

/** A string shown as it is: one line, not empty, no space at either end (a code span would hide it). */
const plain = (v: unknown): v is string => typeof v === "string" && v !== "" && v.trim() === v && !/[\u0000-\u001f\u007f]/.test(v);

/** One value: a plain string once, inside a code span; anything else compact JSON. */
const valueCode = (v: unknown): Markup => mdCode(plain(v) ? v : canonicalJson(v));

/**
 * An answer (answer-key.ts: canonical JSON of the output, or `error <reason>`) for a reader: an
 * object as `key: value` pairs, a string without JSON quotes or escapes, so a string holding JSON
 * is not shown encoded twice. Not JSON (an error, an unparsable answer): the text as it is.
 */
function readableAnswer(answer: string): Markup {
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch {
    return mdCode(answer);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return valueCode(value);
  const entries = Object.entries(value);
  if (entries.length === 0) return mdCode("{}");
  return join(
    "md",
    entries.map(([k, v]) => md`${k}: ${valueCode(v)}`),
    ", ",
  );
}

/** Readable answers, unless two of them would then read alike (`"1"` and `1`): then the canonical JSON of each. */
export function readableAnswers(answers: readonly string[]): Markup[] {
  const readable = answers.map(readableAnswer);
  return new Set(readable.map((r) => r.text)).size === readable.length ? readable : answers.map((a) => mdCode(a));
}

/** What each implementation may claim (README, "Conformance statements"). */
function statementLines(report: Report): Markup[] {
  const statements = statementsOf(report);
  if (statements.length === 0) return [];
  return [
    md`## Conformance statements`,
    md``,
    ...statements.flatMap((s) => [
      md`- ${statementLine(s)}`,
      ...(s.roles ?? []).map((r) => md`  - ${roleLine(r)}`),
      ...(s.unverified_ids?.length ? [md`  - unverified: ${s.unverified_ids.join(", ")}`] : []),
    ]),
    md``,
  ];
}

export function renderMarkdown(report: Report): string {
  const impls = report.implementations.map((i) => i.name);
  const lines: Markup[] = [
    md`# smcp-conformance run ${report.run_id}`,
    md``,
    md`Started ${report.started_at}, node ${report.environment.node}, kit ${kitText(report.environment)}.`,
    md``,
    ...(mcpTransportLine(report.run) ? [md`${mcpTransportLine(report.run)!}.`, md``] : []),
    ...(draftLine(report) ? [md`**Draft:** ${draftLine(report)!}.`, md``] : []),
    ...verdictLines(report),
    md``,
    ...statementLines(report),
    md`| implementation | SDK | version | packages | protocol | MCP revision (agreed / sent) | transport | restarts |`,
    md`| --- | --- | --- | --- | --- | --- | --- | ---: |`,
    ...report.implementations.map(
      (i) =>
        md`| ${i.name} | ${i.handshake.sdk.name} | ${i.handshake.sdk.version} | ${packagesText(i.handshake.sdk.packages)} | ${describeProtocolChoice(i.protocol)} | ${
          i.mcp ? `${i.mcp.negotiated.join(", ") || "none"} / ${i.mcp.sent.join(", ") || "none"}` : "–"
        } | ${i.transport} | ${i.stats.restarts}${i.stats.broken ? " (broken)" : ""} |`,
    ),
    md``,
    md`| suite | vectors | ${cells(impls.map((i) => md`${i}`))} |`,
    md`| --- | ---: | ${cells(impls.map(() => md`---`))} |`,
    ...report.corpus.suites.map(
      (s) => md`| ${s.name} | ${s.vectors} | ${cells(impls.map((i) => cell(own(own(report.summary.by_suite, s.name), i))))} |`,
    ),
    md`| **all** | ${report.vectors.length} | ${cells(impls.map((i) => cell(own(report.summary.by_implementation, i))))} |`,
    md``,
  ];
  const agreement = Object.entries(report.facts.verdict_agreement);
  if (agreement.length > 0) {
    lines.push(md`| verdicts | judged | accept/reject agrees | reason agrees too |`, md`| --- | ---: | ---: | ---: |`);
    for (const [impl, a] of agreement) lines.push(md`| ${impl} | ${a.verdicts} | ${a.accept_agree} | ${a.reason_agree} |`);
    lines.push(md``);
  }
  lines.push(...failureLines(report));
  const split = report.facts.disagreements;
  if (split.length > 0) {
    lines.push(md``, md`## Where implementations disagree (${split.length} vectors)`, md``);
    for (const d of split) {
      const answers = readableAnswers(d.groups.map((g) => g.answer));
      const groups = d.groups.map((g, i) => md`${i > 0 ? "; " : ""}${g.implementations.join(", ")} → ${answers[i]}`);
      lines.push(md`- **${d.vector_id}** (${d.tier}): ${groups}`);
    }
  }
  const gaps = casesWith(report.cases, ["known_gap"]);
  if (gaps.length > 0) {
    lines.push(md``, md`## Known gaps (${gaps.length})`, md``);
    for (const c of gaps) lines.push(md`- **${c.vector_id}** on ${c.implementation}: ${c.gap?.reason ?? ""}`);
  }
  const flaky = casesWith(report.cases, ["flaky"]);
  if (flaky.length > 0) {
    lines.push(md``, md`## Flaky (${flaky.length}: failed first, passed when retried alone)`, md``);
    for (const c of flaky) lines.push(md`- **${c.vector_id}** on ${c.implementation}: ${flakyText(c)}`);
  }
  const retried = retriedPasses(retriedCases(report.cases));
  if (retried.length > 0) {
    lines.push(
      md``,
      md`## Passed on a retry (${retried.length}: the first attempt's box expired while the implementation was still acting)`,
      md``,
    );
    for (const c of retried) lines.push(md`- **${c.vector_id}** on ${c.implementation}: ${starvedText(c)}`);
  }
  lines.push(...interopMarkdown(report.interop, impls));
  lines.push(...renderCoverageMarkdown(report.coverage ?? []));
  return `${join("md", lines, "\n").text}\n`;
}

/** Per Server, a table Agent × Computer (pass / fail / hang), then each non-passing case's cause. */
function interopMarkdown(cases: Report["interop"], order: readonly string[]): Markup[] {
  if (!cases || cases.length === 0) return [];
  const grid = interopGrid(cases, order);
  const lines: Markup[] = [md``, md`## Interop (${cases.filter((c) => c.raw_status === "pass").length}/${cases.length} cases pass)`, md``];
  for (const server of grid.servers) {
    lines.push(md`Server **${server}** (Agents down, Computers across):`, md``);
    lines.push(md`| agent | ${cells(grid.computers.map((c) => md`${c}`))} |`, md`| --- | ${cells(grid.computers.map(() => md`---`))} |`);
    for (const agent of grid.agents)
      lines.push(md`| ${agent} | ${cells(grid.computers.map((c) => md`${grid.cell(agent, server, c)?.cell ?? "not run"}`))} |`);
    lines.push(md``);
  }
  for (const c of cases.filter((x) => x.raw_status !== "pass")) {
    const known = c.status === "known_gap";
    lines.push(
      md`- **${interopCell(c)}${known ? " (known)" : ""}** agent ${c.agent} × server ${c.server} × computer ${c.computer} (${c.vector_id}): ${c.cause ?? ""}${known ? ` — listed by ${c.gap?.implementation}: ${c.gap?.reason}` : ""}`,
    );
  }
  return lines;
}
