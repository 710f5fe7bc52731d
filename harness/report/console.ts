/** The console view: vectors per suite, counts per implementation, and the closing count line. */
import type { Report } from "./model.ts";

export function renderConsole(report: Report): string {
  const lines: string[] = [];
  const authored = report.vectors.filter((v) => v.provenance.source !== "upstream").length;
  lines.push(`corpus: ${report.vectors.length} vectors in ${report.corpus.suites.length} suites (${authored} authored, ${report.vectors.length - authored} upstream)`);
  for (const suite of report.corpus.suites) {
    const perImpl = report.implementations
      .map(({ name }) => {
        const c = report.summary.by_suite[suite.name]?.[name];
        return c ? `${name} ${c.pass} pass / ${c.fail} fail / ${c.unsupported} unsupported / ${c.observed} observed` : "";
      })
      .join("; ");
    lines.push(`  ${suite.name.padEnd(22)} ${String(suite.vectors).padStart(4)} vectors  ${perImpl}`);
  }
  for (const c of report.cases.filter((x) => x.status === "fail")) {
    const first = c.diffs[0];
    const detail = c.note ?? (first ? `${first.path || "/"}: expected ${JSON.stringify(first.expected)}, got ${JSON.stringify(first.actual)}` : "");
    lines.push(`FAIL ${c.implementation} ${c.vector_id}: ${detail}`);
  }
  const o = report.summary.overall;
  lines.push(`conformance: ${o.pass} passed, ${o.fail} failed, ${o.unsupported + o.observed} skipped`);
  return lines.join("\n");
}
