/**
 * The cases of a report. A parsed report.json holds them as an array; a run holds them in its case
 * store on disk (run/case-store.ts), where reading every record costs a parse per case. Views ask
 * for what they show (the cases of some statuses, one implementation's cases) through the helpers
 * below, so a store that knows each case's status and implementation reads only those records.
 */
import type { CaseList, CaseRecord, StatusOfCase } from "./report.ts";
import type { FinalStatus } from "./status.ts";

/** The cases of `statuses`, in order. */
export function casesWith(list: CaseList, statuses: Iterable<FinalStatus>): CaseRecord[] {
  const wanted = new Set(statuses);
  if (list.withStatus) return list.withStatus(wanted);
  const out: CaseRecord[] = [];
  for (const c of list) if (wanted.has(c.status)) out.push(c);
  return out;
}

/** The cases the run retried (they carry their first attempt), in order. */
export function retriedCases(list: CaseList): CaseRecord[] {
  if (list.retried) return list.retried();
  return [...filtered(list, (c) => c.first_attempt !== undefined)];
}

/** One implementation's cases, in order. */
export function casesOf(list: CaseList, implementation: string): Iterable<CaseRecord> {
  if (list.of) return list.of(implementation);
  return filtered(list, (c) => c.implementation === implementation);
}

/** Each case's vector, implementation and status, in order (a store reads no record for them). */
export function caseStatuses(list: CaseList): Iterable<StatusOfCase> {
  return list.statuses ? list.statuses() : list;
}

/** The cases of the vectors `ids`, in order. */
export function casesOfVectors(list: CaseList, ids: ReadonlySet<string>): CaseRecord[] {
  if (list.ofVectors) return list.ofVectors(ids);
  return [...filtered(list, (c) => ids.has(c.vector_id))];
}

/** The cases `keep` accepts, in order (reads every record of a store: for what no status names). */
export function* filtered(list: Iterable<CaseRecord>, keep: (c: CaseRecord) => boolean): Iterable<CaseRecord> {
  for (const c of list) if (keep(c)) yield c;
}
