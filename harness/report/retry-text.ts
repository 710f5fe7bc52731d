/**
 * What the views say of a retried live case (run/retry.ts): a flaky case's first failure and its
 * passing retry, and for a case that failed twice, what its first attempt said. One wording for
 * the console, Markdown, JUnit and HTML.
 */

import { describeDifferences } from "../diff/story.ts";
import type { CaseRecord, FirstAttempt } from "../model/report.ts";

/** What an attempt said, in one line: its note (a timeout says which box) or its differences. */
export function attemptDetail(a: Pick<FirstAttempt, "note" | "diffs">, op?: string): string {
  return a.note ?? (describeDifferences(a.diffs, op).join("; ") || "no detail");
}

/** A flaky case: how its first attempt failed, and that it passed when retried alone. */
export function flakyText(c: Pick<CaseRecord, "first_attempt" | "op">): string {
  const first = c.first_attempt;
  if (!first) return "flaky";
  return `first attempt ${first.status}: ${attemptDetail(first, c.op)}; passed when retried alone`;
}

/** The note a case that was retried and failed again carries after its own detail. */
export function retriedNote(c: Pick<CaseRecord, "first_attempt" | "op">): string {
  const first = c.first_attempt;
  return first ? ` (retried alone after a first attempt that was ${first.status}: ${attemptDetail(first, c.op)})` : "";
}

/** A case whose first attempt starved (its box expired while the implementation was still acting) and whose retry passed. */
export function starvedText(c: Pick<CaseRecord, "first_attempt" | "op">): string {
  const first = c.first_attempt;
  if (!first) return "passed";
  return `first attempt gave no verdict (${attemptDetail(first, c.op)}); passed when retried alone`;
}

/** The passing cases that were retried: their first attempt starved (run/retry.ts), so the pass is the retry's verdict. */
export function retriedPasses<C extends Pick<CaseRecord, "status" | "first_attempt">>(cases: Iterable<C>): C[] {
  return [...cases].filter((c) => c.status === "pass" && c.first_attempt !== undefined);
}
