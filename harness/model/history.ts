/**
 * The conformance history (issue 29): one JSON line per implementation per run, so the statements
 * of many runs read as a trend, as Bowtie keeps each implementation's results over time. A pure
 * function of a report; appending to and reading the file is the command's job.
 */
import { sha256Hex } from "../util/canonical-json.ts";
import {
  type ConformanceLevel,
  type ConformanceStatement,
  conformanceStatements,
  type StatementInput,
  type TierTally,
} from "./statement.ts";

export interface HistoryEntry {
  readonly at: string;
  readonly run_id: string;
  readonly kit_version: string;
  /** sha256 over the sorted "id NUL content_hash" of the run's vectors (the corpus hash when it selected all of them). */
  readonly corpus_sha256: string;
  readonly implementation: string;
  readonly sdk_version?: string;
  readonly protocol: string;
  readonly must: TierTally;
  readonly should: TierTally;
  readonly level: ConformanceLevel;
  /** Per role, as the statement had them (absent in entries of an older kit). */
  readonly roles?: ConformanceStatement["roles"];
}

type HistorySource = Omit<StatementInput, "vectors"> & {
  readonly run_id: string;
  readonly finished_at: string;
  readonly environment: { readonly kit_version: string };
  readonly vectors: ReadonlyArray<StatementInput["vectors"][number] & { readonly content_hash: string }>;
  readonly statements?: readonly ConformanceStatement[];
};

/**
 * Statements a trend must not hold: a selection (its counts are of what ran, not of the corpus, and
 * would draw a collapse beside whole runs) and an untested one (nothing required was answered: an
 * interop-only or a data-only report for an implementation judged elsewhere). Each with why.
 */
export function leftOutOfHistory(report: HistorySource): Array<{ readonly implementation: string; readonly why: string }> {
  return (report.statements ?? conformanceStatements(report)).flatMap((s) =>
    keptInHistory(s)
      ? []
      : [
          {
            implementation: s.implementation,
            why:
              s.level === "selection" && s.scope
                ? `a selection (${s.scope.selected} of ${s.scope.corpus} required MUST vectors ran)`
                : "untested (no required MUST vector was answered)",
          },
        ],
  );
}

function keptInHistory(s: ConformanceStatement): boolean {
  return s.level !== "selection" && s.level !== "untested";
}

export function historyEntries(report: HistorySource): HistoryEntry[] {
  const corpus = sha256Hex(
    report.vectors
      .map((v) => `${v.id}\0${v.content_hash}`)
      .sort()
      .join("\n"),
  );
  return (report.statements ?? conformanceStatements(report)).filter(keptInHistory).map((s) => ({
    at: report.finished_at,
    run_id: report.run_id,
    kit_version: report.environment.kit_version,
    corpus_sha256: corpus,
    implementation: s.implementation,
    ...(s.sdk_version ? { sdk_version: s.sdk_version } : {}),
    protocol: s.protocol,
    must: s.must,
    should: s.should,
    level: s.level,
    ...(s.roles ? { roles: s.roles } : {}),
  }));
}
