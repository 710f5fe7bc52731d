/**
 * The divergence catalogue for the protocol's and the SDKs' maintainers (issue 29): every point the
 * spec leaves open where implementations could differ, and every point where an SDK breaks a MUST.
 * A pure function of a report's cases, the corpus's vectors and requirements index, and the
 * mutation triage's spec-silent survivors; `divergences` writes it as Markdown and HTML (or prints
 * it as Markdown or JSON) and prints a summary.
 */
import { basename } from "node:path";
import { casesWith } from "../model/case-list.ts";
import type { Report } from "../model/report.ts";
import type { Requirement } from "../model/requirement.ts";
import type { Vector } from "../model/vector.ts";
import { differingParts } from "./answer-difference.ts";

export interface StatementRef {
  readonly id: string;
  readonly level: string;
  readonly summary: string;
}

export type OpenPointKind = "observe_disagreement" | "contradiction" | "spec_silent_mutant";

/** A point the spec does not decide, with what a maintainer needs to decide it. */
export interface OpenPoint {
  readonly kind: OpenPointKind;
  /** "<page> §<section>": where the answer belongs. */
  readonly section: string;
  readonly vector_id?: string;
  /** The statements nearest to the point (empty: the spec has none; see `missing`). */
  readonly statements: readonly StatementRef[];
  /** What the spec leaves open, in the kit's words (a vector's spec.note, a contradiction's note, a triage reason). */
  readonly missing?: string;
  readonly input?: unknown;
  /** Each distinct answer and who gave it. */
  readonly answers?: ReadonlyArray<{ readonly answer: string; readonly implementations: readonly string[] }>;
  readonly mutant?: string;
  readonly question: string;
}

/** An SDK breaking a MUST: a known gap at must tier. */
export interface MustBreak {
  readonly vector_id: string;
  readonly section: string;
  readonly statements: readonly StatementRef[];
  readonly input: unknown;
  /** The expectations entry's reason: what the SDK does, naming its function where the adapter knows it. */
  readonly reason: string;
}

export interface DivergenceCatalogue {
  readonly report?: string;
  /** The filters this catalogue was narrowed by (divergences-filter.ts), when any. */
  readonly filters?: {
    readonly sdk?: readonly string[];
    readonly section?: string;
    readonly kind?: ReadonlyArray<"disagreement" | "contradiction" | "spec-silent" | "must-break">;
  };
  readonly open: readonly OpenPoint[];
  readonly must_breaks: ReadonlyArray<{
    readonly implementation: string;
    readonly sdk_version?: string;
    readonly breaks: readonly MustBreak[];
  }>;
}

/** A survivor the mutation triage marks `spec silent`. */
export interface SpecSilentSurvivor {
  readonly mutant: string;
  readonly reason: string;
}

export interface CatalogueInput {
  readonly report: Pick<Report, "cases" | "facts" | "implementations">;
  readonly vectors: readonly Vector[];
  readonly requirements: ReadonlyMap<string, Requirement>;
  readonly survivors: readonly SpecSilentSurvivor[];
  readonly reportPath?: string;
}

const MAX_ANSWER = 160;

export function divergenceCatalogue(input: CatalogueInput): DivergenceCatalogue {
  const byId = new Map(input.vectors.map((v) => [v.id, v]));
  const ref = (id: string): StatementRef[] => {
    const r = input.requirements.get(id);
    return r ? [{ id, level: r.level, summary: r.summary }] : [];
  };
  const open: OpenPoint[] = [];
  for (const d of input.report.facts.disagreements) {
    const v = byId.get(d.vector_id);
    if (v?.tier !== "observe") continue;
    const answers = shownAnswers(d.groups);
    const statements = [...(v.near ?? []), ...v.covers].flatMap(ref);
    const section = sectionOf(v, input.requirements.get(statements[0]?.id ?? ""));
    open.push({
      kind: "observe_disagreement",
      section,
      vector_id: v.id,
      statements,
      ...(v.spec.note ? { missing: v.spec.note } : {}),
      input: v.input,
      answers,
      question: `For this input, which answer does ${section} require: ${answers.map((a) => `${a.answer} (${a.implementations.join(", ")})`).join(", or ")}?`,
    });
  }
  for (const r of input.requirements.values())
    for (const c of r.contradicts ?? []) {
      const other = input.requirements.get(c.id);
      open.push({
        kind: "contradiction",
        section: `${r.page} §${r.section}`,
        statements: [...ref(r.id), ...ref(c.id)],
        missing: c.note,
        question: `${r.id} and ${c.id}${other ? ` (${other.page} §${other.section})` : ""} cannot both hold: which one does the protocol mean?`,
      });
    }
  for (const s of input.survivors)
    open.push({
      kind: "spec_silent_mutant",
      section: citedSection(s.reason) ?? `reference ${basename(s.mutant.split(":")[0] ?? s.mutant)}`,
      statements: [],
      missing: s.reason,
      mutant: s.mutant,
      question:
        "The reference and this mutant differ only where the text is silent (see what is missing): which behaviour should the spec require?",
    });
  open.sort((a, b) => (a.section < b.section ? -1 : a.section > b.section ? 1 : 0));
  return { ...(input.reportPath ? { report: input.reportPath } : {}), open, must_breaks: mustBreaks(input, byId, ref) };
}

function mustBreaks(
  input: CatalogueInput,
  byId: ReadonlyMap<string, Vector>,
  ref: (id: string) => StatementRef[],
): DivergenceCatalogue["must_breaks"] {
  return input.report.implementations.map((impl) => {
    const breaks = casesWith(input.report.cases, ["known_gap"])
      .filter((c) => c.implementation === impl.name && c.tier === "must")
      .flatMap((c): MustBreak[] => {
        const v = byId.get(c.vector_id);
        if (!v) return [];
        const statements = v.covers.flatMap(ref);
        const section = sectionOf(v, input.requirements.get(statements[0]?.id ?? ""));
        return [{ vector_id: v.id, section, statements, input: v.input, reason: c.gap?.reason ?? "" }];
      });
    return { implementation: impl.name, ...(impl.handshake?.sdk?.version ? { sdk_version: impl.handshake.sdk.version } : {}), breaks };
  });
}

/** "desktop §渲染规则": the page and section of the first statement the point names, else of the vector's spec reference. */
function sectionOf(v: Vector, first: Requirement | undefined): string {
  if (first) return `${first.page} §${first.section}`;
  return `${basename(v.spec.file.replace(/^.*:/, "")).replace(/\.md$/, "")} §${v.spec.section.replace(/^§\s*/, "")}`;
}

/** The first "<page>.md §<section>" a triage reason cites. */
function citedSection(reason: string): string | undefined {
  const m = /([\w-]+\.md) §([^\s,;:()]+)/.exec(reason);
  return m ? `${m[1]!.replace(/\.md$/, "")} §${m[2]}` : undefined;
}

/** Whole answers when they are short; else only the parts in which they differ, so no two read alike. */
function shownAnswers(groups: ReadonlyArray<{ readonly answer: string; readonly implementations: readonly string[] }>) {
  const long = groups.some((g) => g.answer.length > MAX_ANSWER);
  const parts = long ? differingParts(groups.map((g) => g.answer)) : undefined;
  return groups.map((g, i) => ({
    answer: clip(parts ? `differs at ${parts[i]}` : g.answer),
    implementations: g.implementations,
  }));
}

function clip(answer: string): string {
  return answer.length > MAX_ANSWER ? `${answer.slice(0, MAX_ANSWER - 1)}…` : answer;
}
