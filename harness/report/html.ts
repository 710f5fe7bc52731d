/**
 * The self-contained HTML view (index.html): a suites × implementations matrix, then every vector
 * where an implementation failed or implementations disagree, each a <details> drill-down with
 * the vector, each answer, its diff and its transcript. Works offline from the file system; the
 * small script only filters. Every string from vectors and adapters is escaped.
 */

import { describeDifference } from "../diff/describe.ts";
import { describeProtocolChoice } from "../model/protocols.ts";
import type { CaseRecord, Counts, Report, VectorRecord } from "../model/report.ts";
import { renderCoverageHtml } from "./coverage-html.ts";
import { packagesText } from "./markdown.ts";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2) ?? "undefined");

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

function answerHtml(c: CaseRecord): string {
  const diffs = c.diffs.map((d) => `<li>${escapeHtml(describeDifference(d))}</li>`).join("");
  const gap = c.gap ? `<p class="gapnote">known gap: ${escapeHtml(c.gap.reason)}</p>` : "";
  const note = c.note ? `<p>${escapeHtml(c.note)}</p>` : "";
  const t = c.transcript;
  const transcript = `<pre class="transcript">→ ${escapeHtml(t.request ?? "(not sent)")}\n← ${escapeHtml(t.response ?? t.fault?.detail ?? "(no answer)")}</pre>`;
  return `<div class="answer st-${c.status}"><h4>${escapeHtml(c.implementation)} <span class="badge st-${c.status}">${escapeHtml(c.status)}</span></h4>${gap}${note}${diffs ? `<ul>${diffs}</ul>` : ""}${transcript}</div>`;
}

function vectorHtml(v: VectorRecord, cases: CaseRecord[], split: boolean): string {
  const statuses = cases
    .map((c) => `<span class="badge st-${c.status}">${escapeHtml(c.implementation)}: ${escapeHtml(c.status)}</span>`)
    .join(" ");
  const expected =
    v.expected !== undefined
      ? `<h4>expected</h4><pre>${json(v.expected)}</pre>`
      : v.expected_error
        ? `<h4>expected error</h4><pre>${json(v.expected_error)}</pre>`
        : "<p>observe: no expected value, implementations are compared with each other</p>";
  const attrs = `data-suite="${escapeHtml(v.suite)}" data-tier="${v.tier}" data-impls="${escapeHtml(
    cases
      .filter((c) => c.status !== "pass")
      .map((c) => c.implementation)
      .join(" "),
  )}"`;
  return `<details class="vector" ${attrs}><summary><code>${escapeHtml(v.id)}</code> <span class="tier">${v.tier}</span>${split ? ' <span class="badge split">implementations disagree</span>' : ""} ${statuses}</summary>
<p>${escapeHtml(v.description)}</p><p class="spec">${escapeHtml(v.spec.file)} § ${escapeHtml(v.spec.section)} · ${escapeHtml(v.source.file)}:${v.source.line}</p>
<h4>${escapeHtml(v.op)} input</h4><pre>${json(v.input)}</pre>${expected}${cases.map(answerHtml).join("")}</details>`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
td.pass{background:#d9f2d9}td.fail{background:#f7caca}td.gap{background:#fbe7b5}td.skip,td.none{background:#eee}pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:20em;white-space:pre-wrap;word-break:break-all}
.badge{display:inline-block;border-radius:3px;padding:0 .4em;font-size:12px;background:#ddd}.st-pass{background:#d9f2d9}.st-fail,.st-stale,.st-crash,.st-timeout,.st-protocol_error{background:#f7caca}.st-known_gap{background:#fbe7b5}.split{background:#d6e4ff}
details.vector{border:1px solid #ddd;margin:.3em 0;padding:.3em .6em}.answer{border-left:3px solid #ccc;margin:.5em 0;padding-left:.6em}.tier{color:#666;font-size:12px}.spec{color:#666}.gapnote{color:#7a5a00}
#filters label{margin-right:1em}.hidden{display:none}`;

const SCRIPT = `const q=(s)=>document.querySelectorAll(s);function apply(){const s=document.getElementById('f-suite').value,t=document.getElementById('f-tier').value,i=document.getElementById('f-impl').value;
for(const d of q('details.vector')){const ok=(!s||d.dataset.suite===s)&&(!t||d.dataset.tier===t)&&(!i||d.dataset.impls.split(' ').includes(i));d.classList.toggle('hidden',!ok);}
for(const r of q('tr[data-suite]')){r.classList.toggle('hidden',!!s&&r.dataset.suite!==s);}}
for(const id of ['f-suite','f-tier','f-impl'])document.getElementById(id).addEventListener('change',apply);`;

function options(values: string[]): string {
  return [`<option value="">all</option>`, ...values.map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`)].join("");
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
  const head = `<tr><th>suite</th><th>vectors</th>${impls.map((i) => `<th>${escapeHtml(i)}</th>`).join("")}</tr>`;
  const rows = report.corpus.suites
    .map(
      (s) =>
        `<tr data-suite="${escapeHtml(s.name)}"><td>${escapeHtml(s.name)}</td><td>${s.vectors}</td>${impls
          .map((i) => {
            const c = report.summary.by_suite[s.name]?.[i];
            return `<td class="${cellClass(c)}">${escapeHtml(cellText(c))}</td>`;
          })
          .join("")}</tr>`,
    )
    .join("\n");
  const total = `<tr><th>all</th><th>${report.vectors.length}</th>${impls
    .map((i) => {
      const c = report.summary.by_implementation[i];
      return `<th class="${cellClass(c)}">${escapeHtml(cellText(c))}</th>`;
    })
    .join("")}</tr>`;
  const implRows = report.implementations
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.name)}</td><td>${escapeHtml(i.handshake.sdk.name)}</td><td>${escapeHtml(i.handshake.sdk.version)}</td><td>${escapeHtml(packagesText(i.handshake.sdk.packages))}</td><td>${escapeHtml(describeProtocolChoice(i.protocol))}</td><td>${escapeHtml(i.mcp ? `${i.mcp.negotiated.join(", ") || "none"} / ${i.mcp.sent.join(", ") || "none"}` : "–")}</td><td>${i.transport}</td><td>${i.stats.restarts}</td><td>${escapeHtml(i.stats.broken ?? "")}</td></tr>`,
    )
    .join("\n");
  const incomplete = report.incomplete
    ? `<p class="st-fail">INCOMPLETE: interrupted by ${escapeHtml(report.incomplete.reason)}; ${report.incomplete.not_run.length} cases did not run.</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>smcp-conformance ${escapeHtml(report.run_id)}</title><style>${STYLE}</style></head>
<body><h1>smcp-conformance</h1><p>run ${escapeHtml(report.run_id)} · ${escapeHtml(report.started_at)} · node ${escapeHtml(report.environment.node)} · kit ${escapeHtml(report.environment.kit_version)}</p>${incomplete}
<table id="implementations"><tr><th>implementation</th><th>SDK</th><th>version</th><th>packages</th><th>protocol</th><th>MCP revision (agreed / sent)</th><th>transport</th><th>restarts</th><th>broken</th></tr>${implRows}</table>
<h2>Matrix</h2><p>pass / judged cases per suite; red = failing, amber = known gaps only, grey = nothing judged.</p>
<table id="matrix">${head}\n${rows}\n${total}</table>
<h2>Cases to look at (${interesting.length})</h2><p>every vector where an implementation failed, has a known gap, or implementations disagree.</p>
<div id="filters"><label>suite <select id="f-suite">${options(report.corpus.suites.map((s) => s.name))}</select></label><label>tier <select id="f-tier">${options(["must", "should", "observe"])}</select></label><label>implementation <select id="f-impl">${options(impls)}</select></label></div>
<div id="cases">${interesting.map((v) => vectorHtml(v, byVector.get(v.id) ?? [], split.has(v.id))).join("\n")}</div>
${renderCoverageHtml(report.coverage ?? [], escapeHtml)}
<script>${SCRIPT}</script></body></html>
`;
}
