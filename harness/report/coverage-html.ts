/** The spec-coverage section of index.html: revisions side by side, the latest released by page, uncovered pure MUSTs. */
import { latestReleased, type RevisionCoverage } from "../model/coverage.ts";
import { protocolLabel } from "../model/protocols.ts";
import { html, type Markup } from "./escape.ts";

const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`);
const cell = (part: number, whole: number) =>
  html`<td title="${part} of ${whole}">${part}/${whole} <span class="pct">${pct(part, whole)}</span></td>`;

export function renderCoverageHtml(revisions: readonly RevisionCoverage[]): Markup | "" {
  if (revisions.length === 0) return "";
  const rows = revisions.map((r) => {
    const t = r.totals;
    const impls = r.implementations.map((i) => `${i.name} ${i.passed}/${i.judged}`).join(", ") || "–";
    return html`<tr><td>${protocolLabel(r.protocol)}</td><td>${t.total}</td>${cell(t.covered_must, t.must)}${cell(t.covered_should, t.should)}${cell(t.pure_must_covered, t.pure_must)}<td>${impls}</td></tr>
`;
  });
  const latest = latestReleased(revisions)!;
  const pages = latest.pages.map(
    (p) =>
      html`<tr><td>${p.page}</td>${cell(p.totals.covered_must, p.totals.must)}${cell(p.totals.pure_must_covered, p.totals.pure_must)}${cell(p.totals.covered_should, p.totals.should)}</tr>
`,
  );
  const uncovered = latest.uncovered_pure_must.map(
    (u) =>
      html`<li><code>${u.id}</code> <span class="tier">${u.level}</span> §${u.section}: ${u.summary}${u.left ? html` <span class="gapnote">left: ${u.left}</span>` : ""}</li>
`,
  );
  return html`<h2 id="coverage">Spec coverage</h2><p>normative statements of each protocol revision (vectors/_spec/) covered by at least one vector; implementations are read against the revision they were judged at (requirements passed / judged).</p>
<table id="coverage-revisions"><tr><th>revision</th><th>statements</th><th>MUSTs covered</th><th>SHOULDs covered</th><th>pure MUSTs covered</th><th>implementations</th></tr>${rows}</table>
<h3>${latest.protocol} by page</h3><table id="coverage-pages"><tr><th>page</th><th>MUSTs covered</th><th>pure MUSTs covered</th><th>SHOULDs covered</th></tr>${pages}</table>
<details id="coverage-uncovered"><summary>${latest.uncovered_pure_must.length} pure MUST statements of ${latest.protocol} no vector covers</summary><ul>${uncovered}</ul></details>`;
}
