// The divergence catalogue: open points grouped by spec section with a question each, and MUST breaks per SDK.
import { describe, expect, it } from "vitest";
import type { Report } from "../../harness/model/report.ts";
import type { Requirement } from "../../harness/model/requirement.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { divergenceCatalogue } from "../../harness/report/divergences.ts";
import { renderDivergencesMarkdown } from "../../harness/report/divergences-markdown.ts";

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
