/**
 * A small SVG badge per implementation. With its conformance statement it says the level reached
 * (conforming, partial, …) and the MUST count, never just "passing"; without one, its pass count.
 * Never green for a red run: a run-level failure of the implementation (an orphan expectations
 * entry, an adapter that never started, nothing judged) makes it red, and an incomplete run grey.
 */

import type { Counts } from "../model/report.ts";
import type { ConformanceLevel, ConformanceStatement } from "../model/statement.ts";
import { plural } from "../util/plural.ts";
import { xml } from "./escape.ts";
import { badgeValue } from "./statement-text.ts";

const LEVEL_COLOUR: Record<ConformanceLevel, string> = {
  conforming: "#4c1",
  partial: "#dfb317",
  // Blue, not green: what ran passed, but a selection claims nothing of the rest.
  selection: "#007ec6",
  "not conforming": "#fe7d37",
  untested: "#9f9f9f",
};

/** How the run ended for this implementation, beyond its case counts. */
export interface BadgeRun {
  /** Failures of the run that no case count shows. */
  readonly runFailures?: number;
  readonly incomplete?: boolean;
  /** The implementation's conformance statement, when the report has one (a role's part of it, for a role badge). */
  readonly statement?: ConformanceStatement;
  /** A role badge: the role it speaks for (computer, server, agent), after the implementation in its label. */
  readonly role?: string;
}

function colour(c: Counts, run: BadgeRun): string {
  if (c.failed > 0 || (run.runFailures ?? 0) > 0) return "#e05d44";
  if (run.incomplete) return "#9f9f9f";
  if (run.statement) return LEVEL_COLOUR[run.statement.level];
  if (c.known_gap > 0) return "#dfb317";
  return "#4c1";
}

/**
 * The implementation as a badge names it: a checkout (`python@path:../sdk`) is `python checkout`,
 * never its path (the runner's folder is no part of what the badge claims); any other name as it is.
 */
export function badgeName(implementation: string): string {
  const checkout = /^([^@]+)@path:/.exec(implementation);
  return checkout ? `${checkout[1]} checkout` : implementation;
}

/** The badge's label and value, shared by the SVG and the shields.io endpoint JSON. */
function badgeText(implementation: string, c: Counts, run: BadgeRun): { label: string; value: string } {
  const label = `smcp ${badgeName(implementation)}${run.role ? ` ${run.role}` : ""}`;
  const extra = run.runFailures ? `, run fails (${run.runFailures})` : run.incomplete ? ", incomplete" : "";
  const counted = run.statement ? badgeValue(run.statement) : `${c.pass}/${c.judged} pass`;
  const value = `${counted}${c.known_gap ? `, ${plural(c.known_gap, "known gap")}` : ""}${c.failed ? `, ${c.failed} failing` : ""}${extra}`;
  return { label, value };
}

/**
 * The same badge as a shields.io endpoint document (`badge-<name>.json` beside the SVG): a README
 * points `https://img.shields.io/endpoint?url=<where the CI publishes it>` at it.
 */
export function renderBadgeEndpoint(implementation: string, c: Counts, run: BadgeRun = {}): string {
  const { label, value } = badgeText(implementation, c, run);
  return `${JSON.stringify({ schemaVersion: 1, label, message: value, color: colour(c, run).replace(/^#/, "") }, null, 2)}\n`;
}

/** Text widths are estimated (about 6.5 px a character at 11 px Verdana), as shields-style badges do. */
export function renderBadge(implementation: string, c: Counts, run: BadgeRun = {}): string {
  const { label, value } = badgeText(implementation, c, run);
  const lw = Math.round(label.length * 6.5) + 10;
  const vw = Math.round(value.length * 6.5) + 10;
  return xml`<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${`${label}: ${value}`}">
<title>${`${label}: ${value}`}</title>
<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${colour(c, run)}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="5" y="14">${label}</text><text x="${lw + 5}" y="14">${value}</text>
</g></svg>
`.text;
}
