/**
 * `run --durations N`: the N slowest cases of a run, slowest first, one line each (time, the
 * implementation, the vector and how it ended), as pytest's `--durations` lists its slowest tests.
 * A case that timed out or was retried says so; equal times keep the report's order.
 */
import type { Report } from "../model/report.ts";

/** The lines to print; none when the run has no case. */
export function slowestCasesText(report: Pick<Report, "cases">, n: number): string {
  const slowest = report.cases
    .map((c, index) => ({ c, index }))
    .sort((a, b) => b.c.duration_ms - a.c.duration_ms || a.index - b.index)
    .slice(0, n)
    .map(({ c }) => c);
  if (slowest.length === 0) return "";
  const width = Math.max(...slowest.map((c) => seconds(c.duration_ms).length));
  const lines = slowest.map(
    (c) =>
      `  ${seconds(c.duration_ms).padStart(width)}  ${c.implementation}  ${c.vector_id}  ${c.status}${c.attempts > 1 ? ` (${c.attempts} attempts)` : ""}`,
  );
  return `slowest ${slowest.length} of ${report.cases.length} cases:\n${lines.join("\n")}\n`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`;
}
