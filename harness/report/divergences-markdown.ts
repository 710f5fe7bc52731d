/**
 * The divergence catalogue as Markdown: counts per section (each a link to its points) and per
 * SDK, then each open point, then MUST breaks per SDK. Anchors are explicit (`section-<n>`,
 * `must-<n>`): GitHub's own heading slugs drop most of a section name in Chinese.
 */
import { canonicalJson } from "../util/canonical-json.ts";
import type { DivergenceCatalogue, OpenPoint, StatementRef } from "./divergences.ts";
import { filtersText } from "./divergences-filter.ts";

const KIND_TITLE: Record<OpenPoint["kind"], string> = {
  observe_disagreement: "implementations disagree, the spec does not decide",
  contradiction: "two statements contradict each other",
  spec_silent_mutant: "a reference mutant only a silent point tells apart",
};

const statement = (s: StatementRef) => `\`${s.id}\` (${s.level}): ${s.summary}`;
const code = (value: unknown) => `\`${canonicalJson(value).replace(/`/g, "'")}\``;

function openPoint(p: OpenPoint, n: number): string[] {
  const lines = [
    `#### ${n}. ${p.vector_id ?? p.mutant ?? p.statements.map((s) => s.id).join(" vs ")}`,
    "",
    `- kind: ${KIND_TITLE[p.kind]}`,
  ];
  lines.push(p.statements.length > 0 ? `- statements: ${p.statements.map(statement).join("; ")}` : "- statements: none on this point");
  if (p.missing) lines.push(`- open: ${p.missing}`);
  if (p.input !== undefined) lines.push(`- input: ${code(p.input)}`);
  for (const a of p.answers ?? []) lines.push(`- ${a.implementations.join(", ")}: \`${a.answer.replace(/`/g, "'")}\``);
  lines.push(`- question: ${p.question}`, "");
  return lines;
}

/** Open points grouped by section, in the catalogue's order (it is sorted by section). */
export function pointsBySection(c: DivergenceCatalogue): Map<string, OpenPoint[]> {
  const sections = new Map<string, OpenPoint[]>();
  for (const p of c.open) sections.set(p.section, [...(sections.get(p.section) ?? []), p]);
  return sections;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** "python 0.4.2", "python@0.3.2" (a name that holds its version is not followed by it again). */
export function sdkLabel(m: { readonly implementation: string; readonly sdk_version?: string }): string {
  return m.sdk_version && !m.implementation.endsWith(`@${m.sdk_version}`) ? `${m.implementation} ${m.sdk_version}` : m.implementation;
}

export function renderDivergencesMarkdown(c: DivergenceCatalogue): string {
  const sections = pointsBySection(c);
  const lines = ["# Divergence catalogue", ""];
  if (c.report) lines.push(`Answers from ${c.report}.`, "");
  const filtered = filtersText(c.filters);
  if (filtered) lines.push(`${filtered[0]!.toUpperCase()}${filtered.slice(1)}.`, "");
  lines.push(
    `## Points the spec does not decide (${c.open.length})`,
    "",
    "| section | points | disagreements | contradictions | spec-silent mutants |",
    "| --- | ---: | ---: | ---: | ---: |",
  );
  [...sections].forEach(([section, points], i) => {
    const count = (k: OpenPoint["kind"]) => points.filter((p) => p.kind === k).length;
    lines.push(
      `| [${cell(section)}](#section-${i + 1}) | ${points.length} | ${count("observe_disagreement")} | ${count("contradiction")} | ${count("spec_silent_mutant")} |`,
    );
  });
  lines.push("");
  if (c.must_breaks.length > 0) {
    lines.push("| SDK | MUSTs it breaks |", "| --- | ---: |");
    c.must_breaks.forEach((impl, i) => {
      lines.push(`| [${cell(sdkLabel(impl))}](#must-${i + 1}) | ${impl.breaks.length} |`);
    });
    lines.push("");
  }
  let n = 0;
  [...sections].forEach(([section, points], i) => {
    lines.push(`<a id="section-${i + 1}"></a>`, "", `### ${section}`, "");
    for (const p of points) lines.push(...openPoint(p, ++n));
  });
  const total = c.must_breaks.reduce((sum, i) => sum + i.breaks.length, 0);
  lines.push(`## MUSTs an SDK breaks (${total} known gaps at must tier)`, "");
  c.must_breaks.forEach((impl, i) => {
    lines.push(`<a id="must-${i + 1}"></a>`, "", `### ${sdkLabel(impl)} (${impl.breaks.length})`, "");
    for (const b of impl.breaks)
      lines.push(
        `- \`${b.vector_id}\` (${b.section}; ${b.statements.map((s) => s.id).join(", ") || "no statement id"}): ${b.reason}`,
        `  input: ${code(b.input)}`,
      );
    lines.push("");
  });
  return lines.join("\n");
}
