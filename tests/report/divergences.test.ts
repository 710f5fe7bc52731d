// The divergence catalogue: open points grouped by spec section with a question each, and MUST breaks per SDK.
import { describe, expect, it } from "vitest";
import type { Report } from "../../harness/model/report.ts";
import type { Requirement } from "../../harness/model/requirement.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { type DivergenceCatalogue, divergenceCatalogue } from "../../harness/report/divergences.ts";
import { filterCatalogue, parseKinds } from "../../harness/report/divergences-filter.ts";
import { renderDivergencesHtml } from "../../harness/report/divergences-html.ts";
import { renderDivergencesMarkdown } from "../../harness/report/divergences-markdown.ts";
import { divergencesSummary, SUMMARY_SECTIONS } from "../../harness/report/divergences-text.ts";

const req = (id: string, page: string, section: string, level: Requirement["level"], contradicts?: string): Requirement => ({
  id,
  page,
  section,
  level,
  summary: `summary of ${id}`,
  testability: "pure",
  since: "0.3.0",
  text: { protocol: "0.4.0", file: "f", line: 1 },
  ...(contradicts ? { contradicts: [{ id: contradicts, note: "they disagree on x" }] } : {}),
});
const requirements = new Map(
  [
    req("desktop/uri/1", "desktop", "URI", "MUST"),
    req("desktop/a/1", "desktop", "A", "MUST", "desktop/b/1"),
    req("desktop/b/1", "desktop", "B", "MUST"),
  ].map((r) => [r.id, r] as const),
);
const vector = (id: string, tier: Vector["tier"], extra: Partial<Vector> = {}): Vector =>
  ({
    id,
    suite: "s",
    description: "d",
    spec: { file: "desktop.md", section: "URI", note: "silent on plus" },
    tier,
    op: "o",
    provenance: { source: "authored" },
    input: { uri: "a+b" },
    since: "0.3.0",
    covers: [],
    content_hash: "h",
    source: { file: "f", line: 1 },
    ...extra,
  }) as Vector;

const report = {
  implementations: [
    { name: "python", handshake: { sdk: { version: "0.4.2" } } },
    { name: "rust", handshake: { sdk: { version: "0.4.1" } } },
  ],
  facts: {
    disagreements: [
      {
        vector_id: "s/open",
        tier: "observe",
        groups: [
          { answer: "a b", implementations: ["python"] },
          { answer: "a+b", implementations: ["rust"] },
        ],
      },
      {
        vector_id: "s/judged",
        tier: "must",
        groups: [
          { answer: "x", implementations: ["python"] },
          { answer: "y", implementations: ["rust"] },
        ],
      },
    ],
    verdict_agreement: {},
  },
  cases: [
    {
      vector_id: "s/judged",
      implementation: "rust",
      tier: "must",
      status: "known_gap",
      gap: { id: "s/judged", status: "fail", reason: "organize.rs trims" },
    },
    { vector_id: "s/judged", implementation: "python", tier: "must", status: "pass" },
  ],
} as unknown as Report;

describe("divergence catalogue", () => {
  const catalogue = divergenceCatalogue({
    report,
    vectors: [vector("s/open", "observe", { near: ["desktop/uri/1"] }), vector("s/judged", "must", { covers: ["desktop/uri/1"] })],
    requirements,
    survivors: [
      { mutant: "adapters/reference/src/window-uri.ts:1:1-1:2 X", reason: "spec silent: desktop.md §Window 规范 says nothing of y" },
    ],
  });

  it("lists only observe disagreements, contradictions and spec-silent survivors, each with a question", () => {
    expect(catalogue.open.map((p) => [p.kind, p.section])).toEqual([
      ["contradiction", "desktop §A"],
      ["observe_disagreement", "desktop §URI"],
      ["spec_silent_mutant", "desktop §Window"],
    ]);
    const open = catalogue.open.find((p) => p.kind === "observe_disagreement")!;
    expect(open).toMatchObject({ vector_id: "s/open", missing: "silent on plus", input: { uri: "a+b" } });
    expect(open.statements.map((s) => s.id)).toEqual(["desktop/uri/1"]);
    expect(open.question).toBe("For this input, which answer does desktop §URI require: a b (python), or a+b (rust)?");
  });

  it("groups MUST breaks by SDK with the gap's reason", () => {
    expect(catalogue.must_breaks).toEqual([
      { implementation: "python", sdk_version: "0.4.2", breaks: [] },
      {
        implementation: "rust",
        sdk_version: "0.4.1",
        breaks: [expect.objectContaining({ vector_id: "s/judged", reason: "organize.rs trims", section: "desktop §URI" })],
      },
    ]);
  });

  it("long answers alike in their first characters are shown by the parts in which they differ", () => {
    const long = (acked: boolean) =>
      JSON.stringify({ clients: { ag: [], c1: ["notify:tool_call_cancel"] }, padding: "p".repeat(200), steps: { cancel: { acked } } });
    const wire = {
      ...report,
      facts: {
        ...report.facts,
        disagreements: [
          {
            vector_id: "s/open",
            tier: "observe",
            groups: [
              { answer: long(false), implementations: ["python"] },
              { answer: long(true), implementations: ["rust"] },
            ],
          },
        ],
      },
    } as unknown as Report;
    const point = divergenceCatalogue({ report: wire, vectors: [vector("s/open", "observe")], requirements, survivors: [] }).open.find(
      (p) => p.kind === "observe_disagreement",
    )!;
    expect(point.answers).toEqual([
      { answer: "differs at /steps/cancel/acked = false", implementations: ["python"] },
      { answer: "differs at /steps/cancel/acked = true", implementations: ["rust"] },
    ]);
  });

  it("renders counts per section, then each point in full", () => {
    const text = renderDivergencesMarkdown(catalogue);
    expect(text).toContain("| [desktop §URI](#section-2) | 1 | 1 | 0 | 0 |");
    expect(text).toContain('<a id="section-2"></a>\n\n### desktop §URI');
    expect(text).toContain("| [rust 0.4.1](#must-2) | 1 |");
    expect(text).toContain("- python: `a b`");
    expect(text).toContain("## MUSTs an SDK breaks (1 known gaps at must tier)");
  });
});

describe("narrowing the catalogue (issue 45, item 4)", () => {
  const catalogue = divergenceCatalogue({
    report,
    vectors: [vector("s/open", "observe", { near: ["desktop/uri/1"] }), vector("s/judged", "must", { covers: ["desktop/uri/1"] })],
    requirements,
    survivors: [
      { mutant: "adapters/reference/src/window-uri.ts:1:1-1:2 X", reason: "spec silent: desktop.md §Window 规范 says nothing of y" },
    ],
  });
  const kinds = (c: DivergenceCatalogue) => c.open.map((p) => p.kind);

  it("--sdk keeps that SDK's disagreements and MUST breaks, by name or family, and nothing that is no SDK's", () => {
    const rust = filterCatalogue(catalogue, { sdk: ["rust"] });
    expect(kinds(rust)).toEqual(["observe_disagreement"]);
    expect(rust.must_breaks.map((m) => [m.implementation, m.breaks.length])).toEqual([["rust", 1]]);
    expect(rust.filters).toEqual({ sdk: ["rust"] });
    expect(() => filterCatalogue(catalogue, { sdk: ["go"] })).toThrow(
      "divergences --sdk go: the report has no such implementation (it has python, rust)",
    );
  });

  it("--section matches the '<page> §<section>' text in any case; --kind picks kinds, must-break included", () => {
    expect(kinds(filterCatalogue(catalogue, { section: "§window" }))).toEqual(["spec_silent_mutant"]);
    expect(filterCatalogue(catalogue, { section: "§window" }).must_breaks.every((m) => m.breaks.length === 0)).toBe(true);
    const onlyBreaks = filterCatalogue(catalogue, { kind: ["must-break"] });
    expect(onlyBreaks.open).toEqual([]);
    expect(onlyBreaks.must_breaks.flatMap((m) => m.breaks.map((b) => b.vector_id))).toEqual(["s/judged"]);
    expect(filterCatalogue(catalogue, { kind: ["contradiction"] }).must_breaks).toEqual([]);
    expect(parseKinds("disagreement, spec-silent")).toEqual(["disagreement", "spec-silent"]);
    expect(() => parseKinds("disagreements")).toThrow(
      'divergences --kind "disagreements": not a kind (kinds: disagreement, contradiction, spec-silent, must-break)',
    );
  });

  it("the files say which filters made them; the HTML page links each section and SDK to its block", () => {
    const narrowed = filterCatalogue(catalogue, { sdk: ["rust"], kind: ["disagreement", "must-break"] });
    expect(renderDivergencesMarkdown(narrowed)).toContain("Filtered: sdk rust; kind disagreement, must-break.");
    const page = renderDivergencesHtml(catalogue);
    expect(page).toContain('<a href="#section-2">desktop §URI</a>');
    expect(page).toContain('<details id="section-2" open><summary>desktop §URI (1)</summary>');
    expect(page).toContain('<a href="#must-2">rust 0.4.1</a>');
    expect(page).not.toContain("<script");
    // Values are escaped: a hostile answer cannot add markup.
    const hostile = divergenceCatalogue({
      report: {
        ...report,
        facts: {
          ...report.facts,
          disagreements: [
            {
              vector_id: "s/open",
              tier: "observe",
              groups: [
                { answer: "<img src=x>", implementations: ["python"] },
                { answer: "b", implementations: ["rust"] },
              ],
            },
          ],
        },
      } as unknown as Report,
      vectors: [vector("s/open", "observe")],
      requirements,
      survivors: [],
    });
    expect(renderDivergencesHtml(hostile)).toContain("<code>&lt;img src=x&gt;</code>");
  });

  it("the console summary fits a screen: counts by kind, the busiest sections, MUST breaks per SDK, the files", () => {
    const text = divergencesSummary({ ...catalogue, report: "r/report.json" }, ["out/divergences.md", "out/divergences.html"]);
    expect(text.split("\n")).toEqual([
      "divergence catalogue of r/report.json",
      "points the spec does not decide: 3 in 3 sections: 1 disagreement between implementations, 1 contradiction between statements, 1 spec-silent mutant",
      "  by section:",
      "  1  desktop §A",
      "  1  desktop §URI",
      "  1  desktop §Window",
      "MUSTs an SDK breaks (known gaps at must tier): python 0.4.2: 0; rust 0.4.1: 1",
      "written: out/divergences.md, out/divergences.html",
      "narrow it: --sdk <implementation or family>, --section <text>, --kind disagreement,contradiction,spec-silent,must-break; --markdown or --json print the catalogue instead",
      "",
    ]);
    const many = { ...catalogue, open: Array.from({ length: 30 }, (_, i) => ({ ...catalogue.open[0]!, section: `p §s${i % 12}` })) };
    const lines = divergencesSummary(many, []).split("\n");
    expect(lines.length).toBeLessThanOrEqual(SUMMARY_SECTIONS + 6);
    expect(lines).toContain(`  the ${SUMMARY_SECTIONS} sections with the most:`);
  });
});
