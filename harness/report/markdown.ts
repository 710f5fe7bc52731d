/** The Markdown view: a suites × implementations table and every failing case with its diffs. */

import { describeDifference } from "../diff/describe.ts";
import { describeProtocolChoice } from "../model/protocols.ts";
import type { Counts, Report } from "../model/report.ts";
import { isFailing } from "../model/status.ts";
import { renderCoverageMarkdown } from "./coverage-text.ts";

function cell(c: Counts | undefined): string {
  if (!c) return "–";
  const parts = [`${c.pass}/${c.judged} pass`];
  if (c.fail) parts.push(`**${c.fail} fail**`);
  if (c.faults) parts.push(`**${c.faults} faults**`);
  if (c.stale) parts.push(`**${c.stale} stale**`);
  if (c.known_gap) parts.push(`${c.known_gap} known gaps`);
  if (c.unsupported) parts.push(`${c.unsupported} unsupported`);
  if (c.observed) parts.push(`${c.observed} observed`);
  if (c.not_applicable) parts.push(`${c.not_applicable} not applicable`);
  return parts.join(", ");
}

function code(value: unknown): string {
  return `\`${JSON.stringify(value)?.replace(/`/g, "\\`")}\``;
}

/** Package versions the adapter reported beside the SDK's (e.g. the mcp or rmcp client library). */
export function packagesText(packages: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(packages ?? {});
  return entries.length === 0 ? "–" : entries.map(([name, version]) => `${name} ${version}`).join(", ");
}

export function renderMarkdown(report: Report): string {
  const impls = report.implementations.map((i) => i.name);
  const lines = [
    `# smcp-conformance run ${report.run_id}`,
    "",
    `Started ${report.started_at}, node ${report.environment.node}, kit ${report.environment.kit_version}.`,
    ...(report.incomplete
      ? ["", `**INCOMPLETE**: interrupted by ${report.incomplete.reason}; ${report.incomplete.not_run.length} cases did not run.`]
      : []),
    "",
    "| implementation | SDK | version | packages | protocol | MCP revision (agreed / sent) | transport | restarts |",
    "| --- | --- | --- | --- | --- | --- | --- | ---: |",
    ...report.implementations.map(
      (i) =>
        `| ${i.name} | ${i.handshake.sdk.name} | ${i.handshake.sdk.version} | ${packagesText(i.handshake.sdk.packages)} | ${describeProtocolChoice(i.protocol)} | ${i.mcp ? `${i.mcp.negotiated.join(", ") || "none"} / ${i.mcp.sent.join(", ") || "none"}` : "–"} | ${i.transport} | ${i.stats.restarts}${i.stats.broken ? " (broken)" : ""} |`,
    ),
    "",
    `| suite | vectors | ${impls.join(" | ")} |`,
    `| --- | ---: | ${impls.map(() => "---").join(" | ")} |`,
    ...report.corpus.suites.map(
      (s) => `| ${s.name} | ${s.vectors} | ${impls.map((i) => cell(report.summary.by_suite[s.name]?.[i])).join(" | ")} |`,
    ),
    `| **all** | ${report.vectors.length} | ${impls.map((i) => cell(report.summary.by_implementation[i])).join(" | ")} |`,
    "",
  ];
  const agreement = Object.entries(report.facts.verdict_agreement);
  if (agreement.length > 0) {
    lines.push("| verdicts | judged | accept/reject agrees | reason agrees too |", "| --- | ---: | ---: | ---: |");
    for (const [impl, a] of agreement) lines.push(`| ${impl} | ${a.verdicts} | ${a.accept_agree} | ${a.reason_agree} |`);
    lines.push("");
  }
  const failures = report.cases.filter((c) => isFailing(c.status));
  lines.push(failures.length === 0 ? "No failures." : `## Failures (${failures.length})`, "");
  for (const c of failures) {
    lines.push(`- **${c.vector_id}** on ${c.implementation} (${c.status})${c.note ? `: ${c.note}` : ""}`);
    for (const d of c.diffs) lines.push(`  - ${describeDifference(d).replace(/`/g, "\\`")}`);
  }
  const split = report.facts.disagreements;
  if (split.length > 0) {
    lines.push("", `## Where implementations disagree (${split.length} vectors)`, "");
    for (const d of split) {
      lines.push(
        `- **${d.vector_id}** (${d.tier}): ${d.groups.map((g) => `${g.implementations.join(", ")} → ${code(g.answer)}`).join("; ")}`,
      );
    }
  }
  const gaps = report.cases.filter((c) => c.status === "known_gap");
  if (gaps.length > 0) {
    lines.push("", `## Known gaps (${gaps.length})`, "");
    for (const c of gaps) lines.push(`- **${c.vector_id}** on ${c.implementation}: ${c.gap?.reason ?? ""}`);
  }
  lines.push(...renderCoverageMarkdown(report.coverage ?? []));
  return `${lines.join("\n")}\n`;
}
