/** The console view: vectors per suite, counts per implementation, and the closing count line. */
import { failedCount, type Counts, type Report } from "./model.ts";

function counts(c: Counts): string {
  const faults = c.crash + c.timeout + c.protocol_error;
  return `${c.pass} pass / ${c.fail} fail / ${c.unsupported} unsupported / ${c.observed} observed${faults ? ` / ${faults} faults` : ""}`;
}

export function renderConsole(report: Report): string {
  const lines: string[] = [];
  const authored = report.vectors.filter((v) => v.provenance.source !== "upstream").length;
  lines.push(`corpus: ${report.vectors.length} vectors in ${report.corpus.suites.length} suites (${authored} authored, ${report.vectors.length - authored} upstream)`);
  for (const impl of report.implementations) {
    const restarts = impl.stats.restarts ? `, ${impl.stats.restarts} restarts` : "";
    const broken = impl.stats.broken ? `, BROKEN: ${impl.stats.broken}` : "";
    lines.push(`implementation ${impl.name}: ${impl.handshake.sdk.name} ${impl.handshake.sdk.version} (${impl.transport}${restarts}${broken})`);
  }
  for (const suite of report.corpus.suites) {
    const perImpl = report.implementations
      .map(({ name }) => {
        const c = report.summary.by_suite[suite.name]?.[name];
        return c ? `${name} ${counts(c)}` : "";
      })
      .join("; ");
    lines.push(`  ${suite.name.padEnd(22)} ${String(suite.vectors).padStart(4)} vectors  ${perImpl}`);
  }
  for (const c of report.cases.filter((x) => x.status !== "pass" && x.status !== "unsupported" && x.status !== "observed")) {
    const first = c.diffs[0];
    const detail = c.note ?? (first ? `${first.path || "/"}: expected ${JSON.stringify(first.expected)}, got ${JSON.stringify(first.actual)}` : "");
    lines.push(`${c.status.toUpperCase()} ${c.implementation} ${c.vector_id}: ${detail}`);
  }
  const o = report.summary.overall;
  lines.push(`conformance: ${o.pass} passed, ${failedCount(o)} failed, ${o.unsupported + o.observed} skipped`);
  return lines.join("\n");
}
