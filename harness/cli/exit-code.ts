/** Exit codes: 0 all pass, 1 a case failed or faulted, 2 usage or corpus error (nothing ran). */
import { failedCount, type Summary } from "../report/model.ts";

export const EXIT = { ok: 0, failures: 1, usage: 2 } as const;

export function exitCodeFor(summary: Summary): number {
  return failedCount(summary.overall) > 0 ? EXIT.failures : EXIT.ok;
}
