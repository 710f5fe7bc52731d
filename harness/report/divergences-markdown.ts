/** The divergence catalogue as Markdown: counts per section, then each open point, then MUST breaks per SDK. */
import { canonicalJson } from "../util/canonical-json.ts";
import type { DivergenceCatalogue, OpenPoint, StatementRef } from "./divergences.ts";

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

export function renderDivergencesMarkdown(c: DivergenceCatalogue): string {
  const sections = new Map<string, OpenPoint[]>();
  for (const p of c.open) sections.set(p.section, [...(sections.get(p.section) ?? []), p]);
  const lines = ["# Divergence catalogue", ""];
  if (c.report) lines.push(`Answers from ${c.report}.`, "");
  lines.push(
    `## Points the spec does not decide (${c.open.length})`,
    "",
    "| section | points | disagreements | contradictions | spec-silent mutants |",
    "| --- | ---: | ---: | ---: | ---: |",
  );
  for (const [section, points] of sections) {
    const count = (k: OpenPoint["kind"]) => points.filter((p) => p.kind === k).length;
    lines.push(
      `| ${section} | ${points.length} | ${count("observe_disagreement")} | ${count("contradiction")} | ${count("spec_silent_mutant")} |`,
    );
  }
  lines.push("");
  let n = 0;
  for (const [section, points] of sections) {
    lines.push(`### ${section}`, "");
    for (const p of points) lines.push(...openPoint(p, ++n));
  }
  const total = c.must_breaks.reduce((sum, i) => sum + i.breaks.length, 0);
  lines.push(`## MUSTs an SDK breaks (${total} known gaps at must tier)`, "");
  for (const impl of c.must_breaks) {
    lines.push(`### ${impl.implementation}${impl.sdk_version ? ` ${impl.sdk_version}` : ""} (${impl.breaks.length})`, "");
    for (const b of impl.breaks)
      lines.push(
        `- \`${b.vector_id}\` (${b.section}; ${b.statements.map((s) => s.id).join(", ") || "no statement id"}): ${b.reason}`,
        `  input: ${code(b.input)}`,
      );
    lines.push("");
  }
  return lines.join("\n");
}
