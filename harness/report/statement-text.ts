/**
 * The conformance statement in words, one line per implementation, shared by the console,
 * matrix.md, index.html and the badges so every view says the same thing.
 */
import type { Report } from "../model/report.ts";
import { type ConformanceStatement, conformanceStatements, type TierTally } from "../model/statement.ts";
import { plural } from "../util/plural.ts";

/** The report's statements; a report of an older kit has none stored, so they are derived the same way. */
export function statementsOf(report: Report): readonly ConformanceStatement[] {
  return report.statements ?? conformanceStatements(report);
}

function ratio(t: TierTally): string {
  return t.required === 0 ? "0/0" : `${t.passed}/${t.required} (${Math.floor((100 * t.passed) / t.required)} %)`;
}

/** "rust 0.4.1 @0.4.0: MUST 612/700 (87 %), SHOULD 30/41 (73 %), 55 known gaps, 33 unverified — not conforming" */
export function statementLine(s: ConformanceStatement): string {
  const who = `${s.implementation}${s.sdk_version ? ` ${s.sdk_version}` : ""} @${s.protocol}${s.draft ? " (draft)" : ""}`;
  const gaps = s.must.known_gaps + s.should.known_gaps;
  const unverified = s.must.unverified + s.should.unverified;
  const failed = s.must.failed + s.should.failed;
  const parts = [
    `MUST ${ratio(s.must)}`,
    `SHOULD ${ratio(s.should)}`,
    plural(gaps, "known gap"),
    ...(failed > 0 ? [`${failed} failing`] : []),
    `${unverified} unverified`,
  ];
  return `${who}: ${parts.join(", ")} — ${s.level}`;
}

/** What a badge shows: the level reached and the MUST count behind it. */
export function badgeValue(s: ConformanceStatement): string {
  return `${s.level} @${s.protocol}, MUST ${s.must.passed}/${s.must.required}`;
}
