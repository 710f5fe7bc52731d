/** --last-failed: the ids of the vectors that failed in `<out>/latest`, to run just those again. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { isFailing } from "../model/status.ts";
import { UsageError } from "../util/usage-error.ts";
import { readReportFile } from "./read-report.ts";

export function lastFailedIds(out: string): string[] {
  const path = join(out, "latest", "report.json");
  if (!existsSync(path)) throw new UsageError(`--last-failed: no earlier run in ${out}/latest to take the failing cases from`);
  const report = readReportFile(path);
  const ids = [...new Set(report.cases.filter((c) => isFailing(c.status)).map((c) => c.vector_id))];
  if (ids.length === 0) throw new UsageError(`--last-failed: the last run (${report.run_id}) had no failing case; nothing to run again`);
  return ids;
}
