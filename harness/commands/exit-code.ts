/** Exit codes: 0 all pass, 1 a case failed or faulted, 2 usage or corpus error (nothing ran). */
import type { Report } from "../model/report.ts";

export const EXIT = { ok: 0, failures: 1, usage: 2 } as const;

/** Failing cases, stale gaps, and expectations naming vectors that do not exist all fail a run. */
export function exitCodeFor(report: Report): number {
  const orphans = report.implementations.some((i) => (i.expectations?.orphans.length ?? 0) > 0);
  return report.summary.overall.failed > 0 || orphans ? EXIT.failures : EXIT.ok;
}
