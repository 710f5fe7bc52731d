/**
 * `smcp-conformance coverage`: which normative statements of a protocol revision the corpus
 * checks, which pure MUSTs it does not, and (given a report) how each implementation fares on them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { latestReleased, reportCoverage, revisionCoverage, uncoveredTestable } from "../model/coverage.ts";
import { PROTOCOL_VERSIONS } from "../model/protocols.ts";
import { partialRunNote, renderCoverageText, renderRevisionsText } from "../report/coverage-text.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT } from "./exit-code.ts";
import { checkProtocol } from "./options.ts";
import { readReportFile } from "./read-report.ts";

export interface CoverageOptions {
  readonly protocol?: string;
  readonly report?: string;
  readonly out: string;
  readonly vectors: string[];
  readonly json?: boolean;
  readonly all?: boolean;
  readonly uncovered?: boolean;
}

export function coverageCommand(options: CoverageOptions): number {
  checkProtocol(options.protocol, "requirement sets");
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const latest = join(options.out, "latest", "report.json");
  const reportPath = options.report ?? (existsSync(latest) ? latest : undefined);
  const report = reportPath === undefined ? undefined : readReportFile(reportPath);
  const vectors = corpus.suites.flatMap((s) => s.vectors);
  // Results come from the report's cases; which vectors cover what comes from the corpus as it is now.
  const revisions = report
    ? reportCoverage(corpus.requirements, { vectors, cases: report.cases, implementations: report.implementations })
    : PROTOCOL_VERSIONS.map((v) => revisionCoverage(v, corpus.requirements.values(), vectors));
  const chosen = options.protocol === undefined ? revisions : revisions.filter((r) => r.protocol === options.protocol);
  const uncoveredOf = (protocol: string) => uncoveredTestable(protocol, corpus.requirements.values(), vectors);
  const partial = report && reportPath ? partialRunNote(reportPath, report, corpus.suites) : undefined;
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          report: reportPath ?? null,
          ...(partial ? { partial } : {}),
          revisions: options.uncovered ? chosen.map((r) => ({ ...r, uncovered_testable: uncoveredOf(r.protocol) })) : chosen,
        },
        null,
        2,
      )}\n`,
    );
    return EXIT.ok;
  }
  if (partial) process.stderr.write(`${terminalSafe(partial)}\n`);
  const parts = options.protocol === undefined ? [renderRevisionsText(revisions)] : [];
  // By default the latest released revision in detail: a draft is listed, never taken for the latest.
  const detail = options.protocol === undefined ? [latestReleased(revisions)!] : chosen;
  for (const r of detail)
    parts.push(
      renderCoverageText(r, {
        ...(options.all ? {} : { limit: 40 }),
        ...(reportPath ? { report: reportPath } : {}),
        ...(options.uncovered ? { uncovered: uncoveredOf(r.protocol) } : {}),
      }),
    );
  process.stdout.write(`${parts.join("\n\n")}\n`);
  return EXIT.ok;
}
