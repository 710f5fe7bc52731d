/**
 * The closing hint of a run whose failures an expectations file could record: the exact command
 * again with `--update-expectations`, so a CI log says how to turn a red run into a reviewed diff.
 * Only an implementation with an expectations file (an SDK) can have its failures recorded: the
 * kit's reference has none, so its failing answer says the vector or the reference is wrong, and
 * the hint says that instead.
 */

import { caseStatuses, casesWith } from "../model/case-list.ts";
import { isDraft } from "../model/protocols.ts";
import type { Report } from "../model/report.ts";
import { isFault } from "../model/status.ts";
import { neverStarted } from "../model/verdict.ts";

const SAFE = /^[\w@%+=:,./-]+$/;

function shellWord(word: string): string {
  return SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The kit's own reference, by implementation name (in process, as a subprocess, or its 0.3 reading). */
const REFERENCE_NAME = /^reference(-subprocess)?(@[0-9A-Za-z.+-]+)?$/;

/**
 * The hint, or undefined when no failing answer or stale entry of a started implementation is there
 * to record. Timeouts, crashes and flaky cases get none: they are no answer an SDK gives. Failures
 * of an implementation without an expectations file are never counted: `--update-expectations`
 * has nowhere to write them; the reference's get their own line (fix the vector or the reference).
 */
export function updateHint(report: Report, argv: readonly string[]): string | undefined {
  const silent = neverStarted(report);
  const recordable = new Set(report.implementations.filter((i) => i.expectations !== undefined && !silent.has(i.name)).map((i) => i.name));
  const reference = new Set(report.implementations.filter((i) => REFERENCE_NAME.test(i.name) && !silent.has(i.name)).map((i) => i.name));
  // Counted from the statuses alone: a run's case store parses no record for them.
  let n = 0;
  const wrongReference = new Set<string>();
  for (const c of caseStatuses(report.cases)) {
    if (c.status !== "fail") continue;
    if (recordable.has(c.implementation)) n++;
    else if (reference.has(c.implementation)) wrongReference.add(c.vector_id);
  }
  // A stale entry whose case ran out of time says nothing new about the SDK: recording it would pin a timeout as its answer.
  for (const c of casesWith(report.cases, ["stale"])) if (!isFault(c.raw_status) && recordable.has(c.implementation)) n++;
  const lines: string[] = [];
  if (wrongReference.size > 0) lines.push(referenceHint([...wrongReference]));
  if (n > 0 && !argv.includes("--update-expectations")) {
    // At a draft no release's file is updated (run-selection.ts): each SDK needs a file of its own.
    const protocol = report.run?.protocol;
    const own =
      protocol !== undefined && isDraft(protocol)
        ? [...recordable]
            .filter((name) => !argv.some((a) => a.startsWith(`${name}=`)))
            .flatMap((name) => ["--expectations", `${name}=<draft-gaps-file>`])
        : [];
    const command = ["npx", "smcp-conformance", ...argv, "--update-expectations", ...own].map(shellWord).join(" ");
    lines.push(
      `to record ${n === 1 ? "this failing or stale case" : `these ${n} failing or stale cases`} in the expectations (then write each TODO reason): ${command}`,
    );
  }
  return lines.length === 0 ? undefined : lines.join("\n");
}

/** The reference has no known gaps: its wrong answer is a wrong expected value or a bug in the reference. */
function referenceHint(ids: readonly string[]): string {
  const shown = ids.slice(0, 3).join(", ");
  const more = ids.length > 3 ? ` and ${ids.length - 3} more` : "";
  return `the reference answered ${ids.length === 1 ? "vector" : `${ids.length} vectors`} ${shown}${more} differently from the expected value: the reference has no known gaps, so fix the vector's expected value (from the spec text) or the reference (adapters/reference/src/); --update-expectations records nothing for it`;
}
