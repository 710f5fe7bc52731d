/** Exit codes: 0 all pass, 1 a case failed, 2 usage or corpus error (nothing ran). */
import type { Summary } from "../report/model.ts";

export const EXIT = { ok: 0, failures: 1, usage: 2 } as const;

export function exitCodeFor(summary: Summary): number {
  return summary.overall.fail > 0 ? EXIT.failures : EXIT.ok;
}
