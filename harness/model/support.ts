/**
 * The support table (issue 44, item 5): one row per implementation release × protocol revision, one
 * column per role, each cell the level and the MUST count behind it. Built from a report's
 * statements or from a history file (the last entry of each release and revision), so the page a
 * protocol maintainer opens first says the same as every other view.
 */
import { ROLES, type Role } from "./operations.ts";
import type { ConformanceLevel, StatementScope, TierTally } from "./statement.ts";

export interface SupportCell {
  readonly level: ConformanceLevel;
  readonly must: Pick<TierTally, "passed" | "required">;
  readonly scope?: StatementScope;
}

export interface SupportRow {
  readonly implementation: string;
  readonly sdk_version?: string;
  readonly protocol: string;
  readonly draft: boolean;
  /** When the statement was made (a history entry's time; absent from a report). */
  readonly at?: string;
  readonly whole: SupportCell;
  /** Per role; absent where the source has no role lines (a report or history entry of an older kit). */
  readonly roles: Partial<Record<Role, SupportCell | "not run" | "not claimed">>;
}

/** What a row is read from: a report's statement or a history entry (same fields). */
export interface SupportSource {
  readonly implementation: string;
  readonly sdk_version?: string;
  readonly protocol: string;
  readonly draft?: boolean;
  readonly at?: string;
  readonly level: ConformanceLevel;
  readonly must: TierTally;
  readonly scope?: StatementScope;
  readonly roles?: ReadonlyArray<{
    readonly role: Role;
    readonly level: ConformanceLevel;
    readonly must: TierTally;
    readonly scope?: StatementScope;
    readonly not_claimed?: true;
  }>;
}

/** One row per release × revision; a later source of the same release and revision replaces an earlier one. */
export function supportRows(sources: readonly SupportSource[]): SupportRow[] {
  const rows = new Map<string, SupportRow>();
  for (const s of sources) {
    const roles: Partial<Record<Role, SupportCell | "not run" | "not claimed">> = {};
    for (const r of s.roles ?? []) roles[r.role] = r.not_claimed ? "not claimed" : r.must.required === 0 ? "not run" : cell(r);
    rows.set(`${s.implementation}\0${s.sdk_version ?? ""}\0${s.protocol}`, {
      implementation: s.implementation,
      ...(s.sdk_version ? { sdk_version: s.sdk_version } : {}),
      protocol: s.protocol,
      draft: s.draft ?? s.protocol.includes("-"),
      ...(s.at ? { at: s.at } : {}),
      whole: cell(s),
      roles,
    });
  }
  return [...rows.values()];
}

function cell(s: { readonly level: ConformanceLevel; readonly must: TierTally; readonly scope?: StatementScope }): SupportCell {
  return { level: s.level, must: { passed: s.must.passed, required: s.must.required }, ...(s.scope ? { scope: s.scope } : {}) };
}

export const SUPPORT_COLUMNS: readonly Role[] = ROLES;
