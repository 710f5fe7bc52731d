/**
 * `run --durations N`: the N slowest cases of a run, slowest first, one line each (time, the
 * implementation, the vector and how it ended), as pytest's `--durations` lists its slowest tests.
 * A case that timed out or was retried says so; equal times keep the report's order.
 */
import type { CaseRecord, Report } from "../model/report.ts";

/** The lines to print; none when the run has no case. */
export function slowestCasesText(report: Pick<Report, "cases">, n: number): string {
  // The n slowest so far, slowest first; one pass, never every case at once (a run's cases are on disk).
  const slowest: CaseRecord[] = [];
  for (const c of report.cases) {
    if (n <= 0 || (slowest.length === n && c.duration_ms <= slowest[n - 1]!.duration_ms)) continue;
    let at = slowest.length;
    while (at > 0 && slowest[at - 1]!.duration_ms < c.duration_ms) at--;
    slowest.splice(at, 0, c);
    if (slowest.length > n) slowest.pop();
  }
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
