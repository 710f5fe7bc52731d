/**
 * The conformance statement in words, one line per implementation, shared by the console,
 * matrix.md, index.html and the badges so every view says the same thing.
 */
import type { Report } from "../model/report.ts";
import {
  type ConformanceStatement,
  conformanceStatements,
  type RoleStatement,
  type StatementScope,
  type TierTally,
} from "../model/statement.ts";
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
  return `${statementWho(s)}: ${tallyWords(s)} — ${levelWords(s)}`;
}

/** "rust 0.4.1 @0.4.0" (with "(draft)" at a draft revision). */
export function statementWho(s: ConformanceStatement): string {
  return `${s.implementation}${s.sdk_version ? ` ${s.sdk_version}` : ""} @${s.protocol}${s.draft ? " (draft)" : ""}`;
}

/** "MUST 612/700 (87 %), SHOULD 30/41 (73 %), 55 known gaps, 33 unverified" */
export function tallyWords(s: { readonly must: TierTally; readonly should: TierTally }): string {
  const gaps = s.must.known_gaps + s.should.known_gaps;
  const unverified = s.must.unverified + s.should.unverified;
  const failed = s.must.failed + s.should.failed;
  return [
    `MUST ${ratio(s.must)}`,
    `SHOULD ${ratio(s.should)}`,
    plural(gaps, "known gap"),
    ...(failed > 0 ? [`${failed} failing`] : []),
    `${unverified} unverified`,
  ].join(", ");
}

/** "1 of 929 required MUST vectors ran" */
export function scopeWords(scope: StatementScope): string {
  return `${scope.selected} of ${scope.corpus} required MUST vectors ran`;
}

/** The level, and for a selection what it covered (never a level it did not earn). */
export function levelWords(s: { readonly level: string; readonly scope?: StatementScope }): string {
  if (!s.scope) return s.level;
  return s.level === "selection"
    ? `selection (${scopeWords(s.scope)}; no level claimed)`
    : `${s.level} (a selection: ${scopeWords(s.scope)})`;
}

/** Unverified vectors named on the console under a statement; the files list them all. */
export const UNVERIFIED_SHOWN = 5;

/** A statement's role lines, then the vectors it could not verify, indented under it (an older kit's report has neither). */
export function roleLines(s: ConformanceStatement, indent = "  "): string[] {
  const ids = s.unverified_ids ?? [];
  const more = ids.length > UNVERIFIED_SHOWN ? `, … (${ids.length - UNVERIFIED_SHOWN} more in matrix.md and index.html)` : "";
  return [
    ...(s.roles ?? []).map((r) => `${indent}${roleLine(r)}`),
    ...(ids.length > 0 ? [`${indent}unverified: ${ids.slice(0, UNVERIFIED_SHOWN).join(", ")}${more}`] : []),
  ];
}

/** "computer: MUST 612/700 (87 %), SHOULD 30/41 (73 %), 55 known gaps, 33 unverified — not conforming" */
export function roleLine(r: RoleStatement): string {
  if (r.not_claimed) return `${r.role}: not claimed (this release does not offer it: its vectors count nowhere)`;
  if (r.must.required + r.should.required === 0)
    return `${r.role}: not run${r.scope ? ` (${plural(r.scope.corpus, "required MUST vector")} at this revision)` : ""}`;
  return `${r.role}: ${tallyWords(r)} — ${levelWords(r)}`;
}

/** What a badge shows: the level reached and the MUST count behind it (of how many, for a selection). */
export function badgeValue(s: ConformanceStatement): string {
  const of = s.scope ? ` of ${s.scope.corpus}` : "";
  return `${s.level} @${s.protocol}, MUST ${s.must.passed}/${s.must.required}${of}`;
}
