/**
 * The kit's closed reason taxonomy, read from vectors/_schema/reasons.json (the one file every
 * language reads or is tested against). Importing it as JSON keeps the codes checked at compile
 * time: a reference module returning a code the file lacks does not type-check.
 */
import taxonomy from "../../../vectors/_schema/reasons.json" with { type: "json" };

export const REASONS = taxonomy.reasons;
export const WARNINGS = taxonomy.warnings;

export type Reason = keyof typeof REASONS;
export type WarningKind = keyof typeof WARNINGS;

export function isReason(value: string): value is Reason {
  return Object.hasOwn(REASONS, value);
}

export function isWarningKind(value: string): value is WarningKind {
  return Object.hasOwn(WARNINGS, value);
}
