/**
 * `run --durations N`: the N slowest cases of a run, slowest first, one line each (time, the
 * implementation, the vector and how it ended), as pytest's `--durations` lists its slowest tests.
 * A case that timed out or was retried says so; equal times keep the report's order.
 */
import type { CaseRecord, Report, RunTiming } from "../model/report.ts";

/** The lines to print; none when the run has no case. */
export function slowestCasesText(report: Pick<Report, "cases" | "timing">, n: number): string {
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
  const timing = report.timing ? criticalPathText(report.timing) : "";
  return `slowest ${slowest.length} of ${report.cases.length} cases:\n${lines.join("\n")}\n${timing}`;
}

/**
 * The run's critical path: the case it could not end before (the last to end) and the bound a run
 * is held to: its wall time against its slowest case plus that implementation's start-up.
 */
export function criticalPathText(timing: RunTiming): string {
  const lines: string[] = [];
  const { last_case: last, slowest_case: slowest } = timing;
  if (last)
    lines.push(
      `the run could not end before: ${last.implementation}  ${last.vector_id}${last.retry ? " (retry)" : ""}: ended at ${seconds(last.ended_ms)}, after ${seconds(last.duration_ms)}`,
    );
  if (slowest) {
    const startup = timing.startup_ms[slowest.implementation] ?? 0;
    const bound = slowest.duration_ms + startup;
    const ratio = bound > 0 ? (timing.wall_ms / bound).toFixed(2) : "–";
    lines.push(
      `run ${seconds(timing.wall_ms)} = ${ratio} × (slowest case ${seconds(slowest.duration_ms)} + ${slowest.implementation}'s start-up ${seconds(startup)})`,
    );
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`;
}
