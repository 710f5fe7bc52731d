/**
 * The self-contained HTML view (index.html): the run's verdict, a suites × implementations matrix,
 * then every vector where an implementation failed or implementations disagree, each a <details>
 * drill-down with the vector, each answer, its diff and its transcript. Works offline from the file
 * system; the small script only filters. Every value goes through the `html` tag (escape.ts), so
 * nothing from vectors, adapters or a merged report can become markup.
 */

import { describeDifference } from "../diff/describe.ts";
import { describeProtocolChoice } from "../model/protocols.ts";
import type { CaseRecord, Counts, Report, VectorRecord } from "../model/report.ts";
import { own } from "../util/own.ts";
import { renderCoverageHtml } from "./coverage-html.ts";
import { escapeHtml, html, type Markup, trusted } from "./escape.ts";
import { packagesText } from "./markdown.ts";

export { escapeHtml };

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "undefined";

function cellClass(c: Counts | undefined): string {
  if (!c) return "none";
  if (c.failed > 0) return "fail";
  if (c.known_gap > 0) return "gap";
  if (c.pass > 0) return "pass";
  return "skip";
}

function cellText(c: Counts | undefined): string {
  if (!c) return "–";
  const parts = [`${c.pass}/${c.judged}`];
  if (c.failed) parts.push(`${c.failed} failing`);
  if (c.known_gap) parts.push(`${c.known_gap} known gaps`);
  if (c.unsupported) parts.push(`${c.unsupported} unsupported`);
  if (c.observed) parts.push(`${c.observed} observed`);
  if (c.not_applicable) parts.push(`${c.not_applicable} not applicable`);
  return parts.join(" · ");
}

function answerHtml(c: CaseRecord): Markup {
  const diffs = c.diffs.map((d) => html`<li>${describeDifference(d)}</li>`);
  const t = c.transcript;
  return html`<div class="answer st-${c.status}"><h4>${c.implementation} <span class="badge st-${c.status}">${c.status}</span></h4>${
    c.gap ? html`<p class="gapnote">known gap: ${c.gap.reason}</p>` : ""
  }${c.note ? html`<p>${c.note}</p>` : ""}${diffs.length ? html`<ul>${diffs}</ul>` : ""}<pre class="transcript">→ ${t.request ?? "(not sent)"}
← ${t.response ?? t.fault?.detail ?? "(no answer)"}</pre></div>`;
}

function vectorHtml(v: VectorRecord, cases: CaseRecord[], split: boolean): Markup {
  const statuses = cases.map((c) => html`<span class="badge st-${c.status}">${c.implementation}: ${c.status}</span> `);
  const expected =
    v.expected !== undefined
      ? html`<h4>expected</h4><pre>${json(v.expected)}</pre>`
      : v.expected_error
        ? html`<h4>expected error</h4><pre>${json(v.expected_error)}</pre>`
        : html`<p>observe: no expected value, implementations are compared with each other</p>`;
  const impls = cases
    .filter((c) => c.status !== "pass")
    .map((c) => c.implementation)
    .join(" ");
  return html`<details class="vector" data-suite="${v.suite}" data-tier="${v.tier}" data-impls="${impls}"><summary><code>${v.id}</code> <span class="tier">${v.tier}</span>${
    split ? html` <span class="badge split">implementations disagree</span>` : ""
  } ${statuses}</summary>
<p>${v.description}</p><p class="spec">${v.spec?.file} § ${v.spec?.section} · ${v.source?.file}:${v.source?.line}</p>
<h4>${v.op} input</h4><pre>${json(v.input)}</pre>${expected}${cases.map(answerHtml)}</details>`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
td.pass{background:#d9f2d9}td.fail{background:#f7caca}td.gap{background:#fbe7b5}td.skip,td.none{background:#eee}pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:20em;white-space:pre-wrap;word-break:break-all}
.badge{display:inline-block;border-radius:3px;padding:0 .4em;font-size:12px;background:#ddd}.st-pass{background:#d9f2d9}.st-fail,.st-stale,.st-crash,.st-timeout,.st-protocol_error{background:#f7caca}.st-known_gap{background:#fbe7b5}.split{background:#d6e4ff}
details.vector{border:1px solid #ddd;margin:.3em 0;padding:.3em .6em}.answer{border-left:3px solid #ccc;margin:.5em 0;padding-left:.6em}.tier{color:#666;font-size:12px}.spec{color:#666}.gapnote{color:#7a5a00}
#verdict{padding:.4em .8em;border-radius:4px}#verdict.v-pass{background:#d9f2d9}#verdict.v-fail{background:#f7caca}#verdict.v-incomplete{background:#eee}
#filters label{margin-right:1em}.hidden{display:none}`;

const SCRIPT = `const q=(s)=>document.querySelectorAll(s);function apply(){const s=document.getElementById('f-suite').value,t=document.getElementById('f-tier').value,i=document.getElementById('f-impl').value;
for(const d of q('details.vector')){const ok=(!s||d.dataset.suite===s)&&(!t||d.dataset.tier===t)&&(!i||d.dataset.impls.split(' ').includes(i));d.classList.toggle('hidden',!ok);}
for(const r of q('tr[data-suite]')){r.classList.toggle('hidden',!!s&&r.dataset.suite!==s);}}
for(const id of ['f-suite','f-tier','f-impl'])document.getElementById(id).addEventListener('change',apply);`;

function options(values: string[]): Markup {
  return html`<option value="">all</option>${values.map((v) => html`<option value="${v}">${v}</option>`)}`;
}

/** The verdict with every reason the run fails, orphan expectations entries included. */
function verdictHtml(report: Report): Markup {
  const v = report.verdict;
  const incomplete = report.incomplete
    ? html` interrupted by ${report.incomplete.reason}${report.incomplete.phase ? html` during ${report.incomplete.phase}` : ""}${
        report.incomplete.detail ? html` (${report.incomplete.detail})` : ""
      }; ${report.incomplete.not_run.length} cases did not run.`
    : "";
  const reasons = v.failures.map((f) => html`<li>${f.message}</li>`);
  return html`<div id="verdict" class="v-${v.status}"><strong>${v.status.toUpperCase()}</strong>${incomplete}${
    reasons.length ? html`<ul>${reasons}</ul>` : ""
  }</div>`;
}

export function renderHtml(report: Report): string {
  const impls = report.implementations.map((i) => i.name);
  const split = new Set(report.facts.disagreements.map((d) => d.vector_id));
  const byVector = new Map<string, CaseRecord[]>();
  for (const c of report.cases) byVector.set(c.vector_id, [...(byVector.get(c.vector_id) ?? []), c]);
  const interesting = report.vectors.filter(
    (v) =>
      split.has(v.id) ||
      (byVector.get(v.id) ?? []).some((c) => c.status !== "pass" && c.status !== "observed" && c.status !== "unsupported"),
  );
  const head = html`<tr><th>suite</th><th>vectors</th>${impls.map((i) => html`<th>${i}</th>`)}</tr>`;
  const rows = report.corpus.suites.map(
    (s) =>
      html`<tr data-suite="${s.name}"><td>${s.name}</td><td>${s.vectors}</td>${impls.map((i) => {
        const c = own(own(report.summary.by_suite, s.name), i);
        return html`<td class="${cellClass(c)}">${cellText(c)}</td>`;
      })}</tr>
`,
  );
  const total = html`<tr><th>all</th><th>${report.vectors.length}</th>${impls.map((i) => {
    const c = own(report.summary.by_implementation, i);
    return html`<th class="${cellClass(c)}">${cellText(c)}</th>`;
  })}</tr>`;
  const implRows = report.implementations.map(
    (i) =>
      html`<tr><td>${i.name}</td><td>${i.handshake.sdk.name}</td><td>${i.handshake.sdk.version}</td><td>${packagesText(i.handshake.sdk.packages)}</td><td>${describeProtocolChoice(i.protocol)}</td><td>${
        i.mcp ? `${i.mcp.negotiated.join(", ") || "none"} / ${i.mcp.sent.join(", ") || "none"}` : "–"
      }</td><td>${i.transport}</td><td>${i.stats.restarts}</td><td>${i.stats.broken ?? ""}</td></tr>
`,
  );
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>smcp-conformance ${report.run_id}</title><style>${trusted("html", STYLE)}</style></head>
<body><h1>smcp-conformance</h1><p>run ${report.run_id} · ${report.started_at} · node ${report.environment.node} · kit ${report.environment.kit_version}</p>${verdictHtml(report)}
<table id="implementations"><tr><th>implementation</th><th>SDK</th><th>version</th><th>packages</th><th>protocol</th><th>MCP revision (agreed / sent)</th><th>transport</th><th>restarts</th><th>broken</th></tr>${implRows}</table>
<h2>Matrix</h2><p>pass / judged cases per suite; red = failing, amber = known gaps only, grey = nothing judged.</p>
<table id="matrix">${head}
${rows}${total}</table>
<h2>Cases to look at (${interesting.length})</h2><p>every vector where an implementation failed, has a known gap, or implementations disagree.</p>
<div id="filters"><label>suite <select id="f-suite">${options(report.corpus.suites.map((s) => s.name))}</select></label><label>tier <select id="f-tier">${options(["must", "should", "observe"])}</select></label><label>implementation <select id="f-impl">${options(impls)}</select></label></div>
<div id="cases">${interesting.map((v) => [vectorHtml(v, byVector.get(v.id) ?? [], split.has(v.id)), trusted("html", "\n")])}</div>
${renderCoverageHtml(report.coverage ?? [])}
<script>${trusted("html", SCRIPT)}</script></body></html>
`;
  return page.text;
}
