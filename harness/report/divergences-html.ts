/**
 * The divergence catalogue as a self-contained page a maintainer can navigate: a contents table
 * (each section with its counts, each SDK with its MUST breaks, all links), then one folding block
 * per section and per SDK. No script and no external resource; every value through the `html` tag.
 */
import { canonicalJson } from "../util/canonical-json.ts";
import type { DivergenceCatalogue, OpenPoint, StatementRef } from "./divergences.ts";
import { filtersText } from "./divergences-filter.ts";
import { pointsBySection, sdkLabel } from "./divergences-markdown.ts";
import { html, type Markup, trusted } from "./escape.ts";

const KIND: Record<OpenPoint["kind"], { readonly label: string; readonly title: string }> = {
  observe_disagreement: { label: "disagreement", title: "implementations disagree, the spec does not decide" },
  contradiction: { label: "contradiction", title: "two statements contradict each other" },
  spec_silent_mutant: { label: "spec-silent", title: "a reference mutant only a silent point tells apart" },
};

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:72em;color:#222;padding:0 1em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}td.n{text-align:right}
code{background:#f4f4f4;padding:0 .2em;word-break:break-all}details{margin:.4em 0;border-left:3px solid #ddd;padding-left:.8em}
summary{cursor:pointer;font-weight:600}.point{margin:.6em 0 1em}.kind{font-size:12px;border-radius:3px;padding:0 .4em;margin-right:.4em;color:#fff}
.k-disagreement{background:#1f77b4}.k-contradiction{background:#d62728}.k-spec-silent{background:#8c564b}.q{font-style:italic}
ul{margin:.2em 0;padding-left:1.4em}.muted{color:#666}`;

const code = (value: unknown) => html`<code>${canonicalJson(value)}</code>`;
const statement = (s: StatementRef) => html`<code>${s.id}</code> (${s.level}): ${s.summary}`;
const joined = (parts: readonly Markup[], separator: string) => parts.map((p, i) => html`${i > 0 ? separator : ""}${p}`);

function point(p: OpenPoint, n: number): Markup {
  const k = KIND[p.kind];
  const name = p.vector_id ?? p.mutant ?? p.statements.map((s) => s.id).join(" vs ");
  const items: Markup[] = [
    html`<li>statements: ${p.statements.length > 0 ? joined(p.statements.map(statement), "; ") : html`<span class="muted">none on this point</span>`}</li>`,
  ];
  if (p.missing) items.push(html`<li>open: ${p.missing}</li>`);
  if (p.input !== undefined) items.push(html`<li>input: ${code(p.input)}</li>`);
  for (const a of p.answers ?? []) items.push(html`<li>${a.implementations.join(", ")}: <code>${a.answer}</code></li>`);
  return html`<div class="point" id="point-${n}"><div><span class="kind k-${k.label}" title="${k.title}">${k.label}</span><a href="#point-${n}">${n}.</a> <code>${name}</code></div><ul>${items}</ul><div class="q">${p.question}</div></div>`;
}

export function renderDivergencesHtml(c: DivergenceCatalogue): string {
  const sections = [...pointsBySection(c)];
  const filtered = filtersText(c.filters);
  const count = (points: readonly OpenPoint[], kind: OpenPoint["kind"]) => points.filter((p) => p.kind === kind).length;
  const contents = sections.map(
    ([section, points], i) =>
      html`<tr><td><a href="#section-${i + 1}">${section}</a></td><td class="n">${points.length}</td><td class="n">${count(points, "observe_disagreement")}</td><td class="n">${count(points, "contradiction")}</td><td class="n">${count(points, "spec_silent_mutant")}</td></tr>`,
  );
  const sdks = c.must_breaks.map(
    (m, i) => html`<tr><td><a href="#must-${i + 1}">${sdkLabel(m)}</a></td><td class="n">${m.breaks.length}</td></tr>`,
  );
  let n = 0;
  const blocks = sections.map(
    ([section, points], i) =>
      html`<details id="section-${i + 1}" open><summary>${section} (${points.length})</summary>${points.map((p) => point(p, ++n))}</details>`,
  );
  const breaks = c.must_breaks.map(
    (m, i) =>
      html`<details id="must-${i + 1}"><summary>${sdkLabel(m)} (${m.breaks.length})</summary><ul>${m.breaks.map(
        (b) =>
          html`<li><code>${b.vector_id}</code> (${b.section}; ${b.statements.map((s) => s.id).join(", ") || "no statement id"}): ${b.reason}<br>input: ${code(b.input)}</li>`,
      )}</ul></details>`,
  );
  const total = c.must_breaks.reduce((sum, m) => sum + m.breaks.length, 0);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Divergence catalogue</title><style>${trusted("html", STYLE)}</style></head>
<body><h1>Divergence catalogue</h1>
${c.report ? html`<p>Answers from <code>${c.report}</code>.</p>` : ""}${filtered ? html`<p><strong>${filtered}</strong>.</p>` : ""}
<h2>Contents</h2>
<table><thead><tr><th>section</th><th>points</th><th>disagreements</th><th>contradictions</th><th>spec-silent mutants</th></tr></thead><tbody>${contents}</tbody></table>
${sdks.length > 0 ? html`<table><thead><tr><th>SDK</th><th>MUSTs it breaks</th></tr></thead><tbody>${sdks}</tbody></table>` : ""}
<h2 id="open">Points the spec does not decide (${c.open.length})</h2>
${blocks}
<h2 id="must">MUSTs an SDK breaks (${total} known gaps at must tier)</h2>
${breaks}
</body></html>
`.text;
}
