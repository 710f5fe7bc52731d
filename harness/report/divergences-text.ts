/**
 * The divergence catalogue on the console: one screen (how many points of each kind, the sections
 * holding most of them, the MUST breaks per SDK, the files written and how to narrow them), not the
 * catalogue itself, which the files hold.
 */
import { plural } from "../util/plural.ts";
import type { DivergenceCatalogue } from "./divergences.ts";
import { DIVERGENCE_KINDS, filtersText } from "./divergences-filter.ts";
import { pointsBySection, sdkLabel } from "./divergences-markdown.ts";

/** Sections named on the console; the files list every one. */
export const SUMMARY_SECTIONS = 8;

export function divergencesSummary(c: DivergenceCatalogue, written: readonly string[]): string {
  const sections = [...pointsBySection(c)].sort((a, b) => b[1].length - a[1].length);
  const count = (k: string) => c.open.filter((p) => p.kind === k).length;
  const filtered = filtersText(c.filters);
  const lines = [`divergence catalogue${c.report ? ` of ${c.report}` : ""}${filtered ? ` (${filtered})` : ""}`];
  lines.push(
    `points the spec does not decide: ${c.open.length} in ${plural(sections.length, "section")}: ${plural(count("observe_disagreement"), "disagreement")} between implementations, ${plural(count("contradiction"), "contradiction")} between statements, ${plural(count("spec_silent_mutant"), "spec-silent mutant")}`,
  );
  if (sections.length > 0) {
    const shown = sections.slice(0, SUMMARY_SECTIONS);
    const width = Math.max(...shown.map(([, points]) => String(points.length).length));
    lines.push(`  ${sections.length > shown.length ? `the ${shown.length} sections with the most` : "by section"}:`);
    for (const [section, points] of shown) lines.push(`  ${String(points.length).padStart(width)}  ${section}`);
  }
  const breaks = c.must_breaks.map((m) => `${sdkLabel(m)}: ${m.breaks.length}`);
  lines.push(`MUSTs an SDK breaks (known gaps at must tier): ${breaks.length > 0 ? breaks.join("; ") : "none selected"}`);
  if (written.length > 0) lines.push(`written: ${written.join(", ")}`);
  lines.push(
    `narrow it: --sdk <implementation or family>, --section <text>, --kind ${Object.keys(DIVERGENCE_KINDS).join(",")}; --markdown or --json print the catalogue instead`,
  );
  return `${lines.join("\n")}\n`;
}
