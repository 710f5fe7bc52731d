/** The interop cells in one phrase, as the console's closing line and the HTML verdict both say it. */
import type { InteropCase } from "../model/interop.ts";

export function interopCounts(cases: readonly InteropCase[]): string {
  const known = cases.filter((c) => c.status === "known_gap").length;
  return `interop ${cases.filter((c) => c.raw_status === "pass").length}/${cases.length} cases pass${known ? ` (${known} known failures)` : ""}`;
}
