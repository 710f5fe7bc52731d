/**
 * `run --update-expectations`: each selected implementation's expectations file rewritten from the
 * finished run, and each `--unchecked` implementation's file marked; one line per file says what changed.
 */

import { markUnchecked } from "../expectations/mark-unchecked.ts";
import { updateExpectations, updateRefusal } from "../expectations/update-expectations.ts";
import { casesOf } from "../model/case-list.ts";
import type { Report } from "../model/report.ts";
import { plural } from "../util/plural.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import type { SelectedImplementations } from "./run-selection.ts";

export function updateAll(report: Report, selected: SelectedImplementations, recordFaults: boolean): void {
  for (const s of selected.filter((x) => x.expectationsFile)) {
    const record = report.implementations.find((i) => i.name === s.implementation.name)!;
    const refusal = updateRefusal(record);
    if (refusal) {
      process.stderr.write(terminalSafe(`expectations ${s.expectationsFile}: not updated: ${refusal}\n`));
      continue;
    }
    const observe = new Set(report.vectors.filter((v) => v.tier === "observe").map((v) => v.id));
    const update = updateExpectations(s.expectationsFile!, record.name, record.handshake.sdk.version, casesOf(report.cases, record.name), {
      recordFaults,
      gapAllowed: (id) => !observe.has(id),
    });
    const faults = update.faults_not_recorded.length
      ? `; ${update.faults_not_recorded.length} crash/timeout/protocol_error cases not recorded as gaps (--record-faults records them)`
      : "";
    const repinned = update.repinned.length
      ? `; ${update.repinned.length} answer changed, re-pinned (check their reasons): ${update.repinned.join(", ")}`
      : "";
    process.stderr.write(
      terminalSafe(
        `expectations ${update.file}: ${update.added.length} added (reason to fill in), ${update.removed.length} stale removed, ${update.pinned.length} pinned to their answer${repinned}${faults}${update.checked.length ? `; ${update.checked.length} unchecked now checked (marks dropped)` : ""}${update.left.length ? `; ${update.left.length} entries for vectors not in this run left as they are` : ""}\n`,
      ),
    );
  }
}

/** Each implementation not run: the run's judged vectors its file does not list are marked unchecked, and said to be unverified. */
export function markAllUnchecked(report: Report, unchecked: SelectedImplementations): void {
  const ids = report.vectors.filter((v) => v.tier !== "observe").map((v) => v.id);
  for (const s of unchecked) {
    const mark = markUnchecked(s.expectationsFile!, s.implementation.name, ids);
    process.stderr.write(
      terminalSafe(
        `${s.implementation.name}: not run (--unchecked): ${plural(ids.length, "vector")} unverified; expectations ${mark.file}: ${mark.marked.length} marked unchecked${mark.listed.length ? `, ${mark.listed.length} already listed` : ""}\n`,
      ),
    );
  }
}
