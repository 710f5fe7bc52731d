/**
 * The self-contained HTML view (index.html): the run's verdict, a suites × implementations matrix,
 * then every vector where an implementation failed or implementations disagree, each a <details>
 * drill-down with the vector, each answer, its diff and its transcript. Works offline from the file
 * system; the small script only filters. Every value goes through the `html` tag (escape.ts), so
 * nothing from vectors, adapters or a merged report can become markup.
 */

import { relative } from "node:path";
import { evidenceBehind } from "../diff/evidence-behind.ts";
import { describeDifferences } from "../diff/story.ts";
import { roleOfRecord } from "../live/roles.ts";
import { caseStatuses, casesOfVectors, retriedCases } from "../model/case-list.ts";
import { describeProtocolChoice, isDraft } from "../model/protocols.ts";
import type { CaseRecord, Counts, Disagreement, Report, VectorRecord } from "../model/report.ts";
import { type FinalStatus, isFailing } from "../model/status.ts";
import { own } from "../util/own.ts";
import { plural } from "../util/plural.ts";
import { failureDetail } from "./console.ts";
import { renderCoverageHtml } from "./coverage-html.ts";
import { draftLine, kitText, mcpTransportLine } from "./environment-text.ts";
import { escapeHtml, html, type Markup, trusted } from "./escape.ts";
import { interopCounts } from "./interop-counts.ts";
import { renderInteropHtml } from "./interop-html.ts";
import { packagesText } from "./markdown.ts";
import { attemptDetail, flakyText, retriedPasses } from "./retry-text.ts";
import { specUrl } from "./spec-link.ts";
import { roleLine, statementLine, statementsOf } from "./statement-text.ts";

export { escapeHtml };

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "undefined";

function cellClass(c: Counts | undefined): string {
  if (!c) return "none";
  if (c.failed > 0) return "fail";
  if (c.known_gap > 0) return "gap";
  if (c.pass > 0) return "pass";
  return "skip";
}

/**
 * A background on a scale by pass ratio, in three bands that never overlap: a cell with a failing
 * case is red to orange (hue 0–25), one with known gaps only amber to yellow-green (35–95), one
 * where every judged case passes green (120). 57 known gaps and 1 no longer look alike.
 */
function cellStyle(c: Counts | undefined): string {
  if (!c || c.judged === 0) return "";
  const ratio = c.pass / c.judged;
  // A flaky case is no plain pass: its cell is never the all-green of a suite that passed throughout.
  const hue = c.failed > 0 ? Math.round(ratio * 25) : c.known_gap + c.flaky > 0 ? Math.round(35 + ratio * 60) : 120;
  return `background:hsl(${hue},75%,${c.failed > 0 ? 82 : 84}%)`;
}

/** Where a vector goes in "Cases to look at": failures first, then stale, known gaps, disagreements. */
function rank(statuses: readonly FinalStatus[]): { order: number; kind: string } {
  if (statuses.some((s) => s === "fail" || s === "crash" || s === "timeout" || s === "protocol_error")) return { order: 0, kind: "fail" };
  if (statuses.includes("stale")) return { order: 1, kind: "stale" };
  if (statuses.includes("flaky")) return { order: 2, kind: "flaky" };
  if (statuses.includes("known_gap")) return { order: 2, kind: "known_gap" };
  return { order: 3, kind: "split" };
}

function cellText(c: Counts | undefined): string {
  if (!c) return "–";
  const parts = [`${c.pass}/${c.judged}`];
  if (c.failed) parts.push(`${c.failed} failing`);
  if (c.known_gap) parts.push(plural(c.known_gap, "known gap"));
  if (c.flaky) parts.push(`${c.flaky} flaky`);
  if (c.unsupported) parts.push(`${c.unsupported} unsupported`);
  if (c.observed) parts.push(`${c.observed} observed`);
  if (c.not_applicable) parts.push(`${c.not_applicable} not applicable`);
  return parts.join(" · ");
}

function answerHtml(c: CaseRecord): Markup {
  const diffs = describeDifferences(c.diffs, c.op).map((d) => html`<li>${d}</li>`);
  const t = c.transcript;
  return html`<div class="answer st-${c.status}"><h4>${c.implementation} <span class="badge st-${c.status}">${c.status}</span></h4>${
    c.gap ? html`<p class="gapnote">known gap: ${c.gap.reason}</p>` : ""
  }${c.note ? html`<p>${c.note}</p>` : ""}${diffs.length ? html`<ul>${diffs}</ul>` : ""}<pre class="transcript">→ ${shown(t.request ?? "(not sent)")}
← ${shown(t.response ?? t.fault?.detail ?? "(no answer)")}</pre>${evidenceHtml(c)}${exchangeHtml(c)}${firstAttemptHtml(c)}</div>`;
}

/** A retried case's first attempt, whole: its verdict and its own exchange (the retry's is above). */
function firstAttemptHtml(c: CaseRecord): Markup {
  const first = c.first_attempt;
  if (!first) return html``;
  const { first_attempt: _, ...retry } = c;
  const attempt: CaseRecord = { ...retry, ...first };
  return html`<details class="first-attempt"><summary>first attempt: ${first.status} — ${attemptDetail(first, c.op)}; the verdict above is the retry's, run alone</summary>${evidenceHtml(attempt)}${exchangeHtml(attempt)}</details>`;
}

/** An adapter line is shown whole up to this size: a run of 40 MB answers must not make one page string past V8's limit. */
const WHOLE_LINE_CHARS = 64 * 1024;

function shown(line: string): string {
  return line.length <= WHOLE_LINE_CHARS
    ? line
    : `${line.slice(0, WHOLE_LINE_CHARS)}… (${line.length - WHOLE_LINE_CHARS} more characters in report.json)`;
}

/** Packets are shown whole up to this size (a flood stays readable; report.json has every byte). */
const WHOLE_PACKET_CHARS = 8000;

/** The packets or MCP exchange behind a live case's first difference, pretty-printed around it (the whole exchange follows). */
const EVIDENCE_LINES = 200;

function evidenceHtml(c: CaseRecord): Markup | string {
  const lines = c.status === "pass" ? [] : evidenceBehind(c, EVIDENCE_LINES);
  return lines.length
    ? html`<p class="behind">behind the first difference:</p><pre class="transcript evidence">${lines.join("\n")}</pre>`
    : "";
}

/** A live case's whole record as its role shows it: every HTTP request, or every Socket.IO packet. */
function exchangeHtml(c: CaseRecord): Markup | string {
  const view = roleOfRecord(c.transcript)?.exchange(c.transcript, WHOLE_PACKET_CHARS);
  if (!view) return "";
  return html`<details class="exchange"><summary>${view.heading}</summary><pre class="transcript">${view.lines.join("\n")}</pre></details>`;
}

/** The spec reference: a link to the section on the published doc site when it names a page, its text otherwise. */
function specHtml(v: VectorRecord, judgedAt: string | undefined): Markup {
  const text = `${v.spec?.file} § ${v.spec?.section}`;
  const url = specUrl(v.spec, judgedAt);
  const ref = url ? html`<a class="spec-link" href="${url}" target="_blank" rel="noopener">${text}</a>` : html`${text}`;
  return html`${ref}${v.spec?.note ? html` <span class="spec-note">(${v.spec.note})</span>` : ""}`;
}

/** What a reader sees of a vector before opening it, for the report as a whole. */
interface VectorContext {
  /** The released protocol version the run judged against, for spec links. */
  readonly judgedAt: string | undefined;
  readonly roots: readonly string[];
  readonly disagreements: ReadonlyMap<string, Disagreement>;
}

function vectorHtml(v: VectorRecord, cases: CaseRecord[], split: boolean, kind: string, context: VectorContext): Markup {
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
  const gap = cases.find((c) => c.gap)?.gap;
  return html`<details class="vector" id="${v.id}" data-suite="${v.suite}" data-tier="${v.tier}" data-impls="${impls}" data-kind="${kind}"><summary><code>${v.id}</code> <a class="permalink" href="#${v.id}" title="link to this case">#</a> <span class="tier">${v.tier}</span>${
    split ? html` <span class="badge split">implementations disagree</span>` : ""
  } ${statuses}${gap ? html` <span class="gapnote">known gap: ${gap.reason}</span>` : ""}${whyHtml(cases, context.disagreements.get(v.id))}</summary>
<p>${v.description}</p><p class="spec">${specHtml(v, context.judgedAt)} · ${sourceText(v, context.roots)}</p>
<h4>${v.op} input</h4><pre>${json(v.input)}</pre>${expected}${cases.map(answerHtml)}</details>`;
}

/** The collapsed line's "why": the first failing case's difference, else the distilled disagreement. */
function whyHtml(cases: readonly CaseRecord[], split: Disagreement | undefined): Markup {
  const failing = cases.find((c) => isFailing(c.status));
  const flaky = cases.find((c) => c.status === "flaky");
  const why = failing
    ? `${failing.implementation}: ${failureDetail(failing)}`
    : flaky
      ? `${flaky.implementation} flaky: ${flakyText(flaky)}`
      : split?.groups.map((g) => `${g.implementations.join(", ")} → ${g.answer}`).join("; ");
  return why ? html`<div class="why">${shorten(why, WHY_CHARS)}</div>` : html``;
}

const WHY_CHARS = 240;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A vector's file relative to the corpus root holding it (not the machine's absolute path). */
function sourceText(v: VectorRecord, roots: readonly string[]): string {
  const file = v.source?.file ?? "";
  const root = roots.find((r) => !relative(r, file).startsWith(".."));
  return `${root === undefined ? file : relative(root, file)}:${v.source?.line}`;
}

/** The released version the run judged against (the first implementation's), for spec links; none for a draft. */
function judgedAt(report: Report): string | undefined {
  return report.implementations.map((i) => i.protocol?.used).find((v): v is string => v !== undefined && !isDraft(v));
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
td.pass{background:#d9f2d9}td.fail{background:#f7caca}td.gap{background:#fbe7b5}td.skip,td.none{background:#eee}pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:20em;white-space:pre-wrap;word-break:break-all}
.badge{display:inline-block;border-radius:3px;padding:0 .4em;font-size:12px;background:#ddd}.st-pass{background:#d9f2d9}.st-fail,.st-stale,.st-crash,.st-timeout,.st-protocol_error{background:#f7caca}.st-known_gap{background:#fbe7b5}.split{background:#d6e4ff}
details.vector{border:1px solid #ddd;margin:.3em 0;padding:.3em .6em}.answer{border-left:3px solid #ccc;margin:.5em 0;padding-left:.6em}.tier{color:#666;font-size:12px}.spec{color:#666}.spec-note{color:#888;font-size:12px}.gapnote{color:#7a5a00}.why{color:#555;font-size:12px;margin-left:1.2em;white-space:pre-wrap;word-break:break-word}
#verdict{padding:.4em .8em;border-radius:4px}#verdict.v-pass{background:#d9f2d9}#verdict.v-fail{background:#f7caca}#verdict.v-incomplete{background:#eee}
#filters label{margin-right:1em}.hidden{display:none}.permalink{color:#888;text-decoration:none}details.vector:target,td:target{outline:2px solid #3b6fd6}
#verdict{font-size:16px;margin:.5em 0}#verdict strong{font-size:20px;margin-right:.5em}#verdict.v-pass strong{color:#17621a}#verdict.v-fail strong{color:#a11}`;

const SCRIPT = `const q=(s)=>document.querySelectorAll(s),g=(id)=>document.getElementById(id);let at=1;
function open(t){const d=document.createElement('div');d.className=Number(t.dataset.page)===at?'page':'page hidden';d.dataset.page=t.dataset.page;d.appendChild(t.content);t.replaceWith(d);return d;}
function openAll(){for(const t of q('template.page'))open(t);}
function pages(){return g('pager')?Number(g('pager').dataset.pages):1;}
function show(n){at=Math.min(Math.max(1,n),pages());for(const t of q('template.page'))if(Number(t.dataset.page)===at)open(t);for(const p of q('div.page'))p.classList.toggle('hidden',Number(p.dataset.page)!==at);if(g('p-at'))g('p-at').textContent='page '+at+' of '+pages();}
function apply(){const s=g('f-suite').value,t=g('f-tier').value,i=g('f-impl').value,k=g('f-kind').value,x=g('f-text').value.toLowerCase();const on=!!(s||t||i||k||x);
if(on){openAll();for(const p of q('div.page'))p.classList.remove('hidden');}else show(at);if(g('pager'))g('pager').classList.toggle('hidden',on);
for(const d of q('details.vector')){const ok=(!s||d.dataset.suite===s)&&(!t||d.dataset.tier===t)&&(!i||d.dataset.impls.split(' ').includes(i))&&(!k||d.dataset.kind===k)&&(!x||d.textContent.toLowerCase().includes(x));d.classList.toggle('hidden',!ok);}
for(const r of q('tr[data-suite]')){r.classList.toggle('hidden',!!s&&r.dataset.suite!==s);}}
for(const id of ['f-suite','f-tier','f-impl','f-kind'])g(id).addEventListener('change',apply);g('f-text').addEventListener('input',apply);
if(g('pager')){g('p-prev').addEventListener('click',()=>show(at-1));g('p-next').addEventListener('click',()=>show(at+1));}
g('f-expand').addEventListener('click',()=>{const open=g('f-expand').dataset.open!=='1';for(const d of q('div.page:not(.hidden) details.vector:not(.hidden)'))d.open=open;g('f-expand').dataset.open=open?'1':'0';g('f-expand').textContent=open?'collapse all':'expand all';});
function openHash(){const id=decodeURIComponent(location.hash.slice(1));if(!id)return;let d=document.getElementById(id);if(!d&&q('template.page').length){openAll();d=document.getElementById(id);}if(d&&d.tagName==='DETAILS'){const p=d.closest('div.page');if(p&&p.classList.contains('hidden'))show(Number(p.dataset.page));d.open=true;d.scrollIntoView();}}window.addEventListener('hashchange',openHash);openHash();`;

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
  const o = report.summary.overall;
  const interop = report.interop?.length ? `; ${interopCounts(report.interop)}` : "";
  // Passes whose first attempt the machine starved (run/retry.ts): the verdict holds, the load shows.
  const retried = retriedPasses(retriedCases(report.cases)).length;
  const counts = `${o.pass} passed${retried ? ` (${retried} on a retry alone, the first attempt starved by the machine's load)` : ""}, ${o.failed} failed, ${o.known_gap} known gaps${o.flaky ? `, ${o.flaky} flaky` : ""}, ${o.skipped} skipped, ${o.not_applicable} not applicable across ${report.implementations.length} implementations${interop}`;
  return html`<div id="verdict" class="v-${v.status}"><strong>${v.status.toUpperCase()}</strong>${counts}.${incomplete}${
    reasons.length ? html`<ul>${reasons}</ul>` : ""
  }</div>`;
}

/** What each implementation may claim, one line each, as the console prints it. */
function statementsHtml(report: Report): Markup | string {
  const statements = statementsOf(report);
  if (statements.length === 0) return "";
  return html`<h2>Conformance statements</h2><ul id="statements">${statements.map(
    (s) =>
      html`<li class="level-${s.level.replace(" ", "-")}">${statementLine(s)}${
        s.roles?.length
          ? html`<ul class="roles">${s.roles.map((r) => html`<li class="level-${r.level.replace(" ", "-")}">${roleLine(r)}</li>`)}</ul>`
          : ""
      }${
        s.unverified_ids?.length
          ? html`<details><summary>unverified (${s.unverified_ids.length})</summary><code>${s.unverified_ids.join(", ")}</code></details>`
          : ""
      }</li>`,
  )}</ul>`;
}

/**
 * Vectors per page of "Cases to look at". A 100k-vector run has tens of thousands worth a look:
 * the first page is in the document, the rest wait in inert <template>s (parsed, never laid out)
 * until paged to, filtered or linked to.
 */
export const CASES_PER_PAGE = 200;

/** The cases section's pager, when there is more than one page. */
function pagerHtml(vectors: number, pages: number, perPage: number): Markup | string {
  return pages > 1
    ? html`<div id="pager" data-pages="${pages}"><button id="p-prev" type="button">‹ previous</button> <span id="p-at">page 1 of ${pages}</span> <button id="p-next" type="button">next ›</button> (${vectors} vectors, ${perPage} a page; a filter or a search looks through every page)</div>`
    : "";
}

/** One page of the cases section: the first shown, the rest as templates the script opens. */
/** A page's opening and closing tags: the first page is shown, the others are templates the pager fills in. */
function pageTags(n: number): readonly [string, string] {
  return n === 1 ? ['<div class="page" data-page="1">', "</div>"] : [html`<template class="page" data-page="${n}">`.text, "</template>"];
}

/** The whole document as one string (tests, small reports); the run writes `htmlPieces`. */
export function renderHtml(report: Report, paging: { readonly casesPerPage?: number } = {}): string {
  return [...htmlPieces(report, paging)].join("");
}

/**
 * The document in pieces, one page of cases at a time: only that page's case records are read
 * and rendered at once, so a report with thousands of cases to look at is never one string.
 */
export function* htmlPieces(report: Report, paging: { readonly casesPerPage?: number } = {}): Generator<string> {
  const impls = report.implementations.map((i) => i.name);
  const split = new Set(report.facts.disagreements.map((d) => d.vector_id));
  // Not applicable, unsupported and observed alone are nothing to look at: the vectors worth a look
  // are the loud ones and the split ones, ranked by all their cases' statuses (read without the records).
  const quiet = new Set<FinalStatus>(["pass", "observed", "unsupported", "not_applicable"]);
  const shown = new Set(split);
  for (const c of caseStatuses(report.cases)) if (!quiet.has(c.status)) shown.add(c.vector_id);
  const statusesOf = new Map<string, FinalStatus[]>();
  for (const c of caseStatuses(report.cases)) {
    if (!shown.has(c.vector_id)) continue;
    const list = statusesOf.get(c.vector_id);
    if (list) list.push(c.status);
    else statusesOf.set(c.vector_id, [c.status]);
  }
  const context: VectorContext = {
    judgedAt: judgedAt(report),
    roots: report.corpus.roots,
    disagreements: new Map(report.facts.disagreements.map((d) => [d.vector_id, d])),
  };
  const interesting = report.vectors
    .filter((v) => shown.has(v.id))
    .map((v, i) => ({ v, i, ...rank(statusesOf.get(v.id) ?? []) }))
    .sort((a, b) => a.order - b.order || a.i - b.i);
  const head = html`<tr><th>suite</th><th>vectors</th>${impls.map((i) => html`<th>${i}</th>`)}</tr>`;
  const rows = report.corpus.suites.map(
    (s) =>
      html`<tr data-suite="${s.name}"><td>${s.name}</td><td>${s.vectors}</td>${impls.map((i) => {
        const c = own(own(report.summary.by_suite, s.name), i);
        // A permalink per cell: #cell:<suite>:<implementation> (the outline shows which one was linked).
        const id = `cell:${s.name}:${i}`;
        return html`<td class="${cellClass(c)}" style="${cellStyle(c)}" id="${id}">${cellText(c)} <a class="permalink" href="#${id}">#</a></td>`;
      })}</tr>
`,
  );
  const total = html`<tr><th>all</th><th>${report.vectors.length}</th>${impls.map((i) => {
    const c = own(report.summary.by_implementation, i);
    return html`<th class="${cellClass(c)}" style="${cellStyle(c)}">${cellText(c)}</th>`;
  })}</tr>`;
  const implRows = report.implementations.map(
    (i) =>
      html`<tr><td>${i.name}</td><td>${i.handshake.sdk.name}</td><td>${i.handshake.sdk.version}</td><td>${packagesText(i.handshake.sdk.packages)}</td><td>${describeProtocolChoice(i.protocol)}</td><td>${
        i.mcp ? `${i.mcp.negotiated.join(", ") || "none"} / ${i.mcp.sent.join(", ") || "none"}` : "–"
      }</td><td>${i.transport}</td><td>${i.stats.restarts}</td><td>${i.stats.broken ?? ""}</td></tr>
`,
  );
  yield html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>smcp-conformance ${report.run_id}</title><style>${trusted("html", STYLE)}</style></head>
<body><h1>smcp-conformance</h1><p>run ${report.run_id} · ${report.started_at} · node ${report.environment.node} · kit ${kitText(report.environment)}${mcpTransportLine(report.run) ? html`<br><strong>${mcpTransportLine(report.run)!}</strong>` : ""}${draftLine(report) ? html`<br><strong>Draft: ${draftLine(report)!}</strong>` : ""}</p>${verdictHtml(report)}
${statementsHtml(report)}
<table id="implementations"><tr><th>implementation</th><th>SDK</th><th>version</th><th>packages</th><th>protocol</th><th>MCP revision (agreed / sent)</th><th>transport</th><th>restarts</th><th>broken</th></tr>${implRows}</table>
<h2>Matrix</h2><p>pass / judged cases per suite (a known gap is judged); red to orange = failing cases (redder the fewer pass), amber to yellow-green = known gaps or flaky cases only (the fewer, the greener), green = every judged case passes, grey = nothing judged.</p>
<table id="matrix">${head}
${rows}${total}</table>
${renderInteropHtml(report.interop, impls)}
<h2>Cases to look at (${interesting.length})</h2><p>every vector where an implementation failed, has a stale or known gap, or implementations disagree; in that order. Each has a permalink (#).</p>
<div id="filters"><label>suite <select id="f-suite">${options(report.corpus.suites.map((s) => s.name))}</select></label><label>tier <select id="f-tier">${options(["must", "should", "observe"])}</select></label><label>implementation <select id="f-impl">${options(impls)}</select></label><label>status <select id="f-kind"><option value="">all</option><option value="fail">failing</option><option value="stale">stale</option><option value="known_gap">known gap</option><option value="flaky">flaky</option><option value="split">disagreement only</option></select></label><label>search <input id="f-text" type="search" placeholder="id, value, reason"></label><button id="f-expand" type="button">expand all</button></div>
`.text;
  const perPage = paging.casesPerPage ?? CASES_PER_PAGE;
  const pages = Math.max(1, Math.ceil(interesting.length / perPage));
  yield html`${pagerHtml(interesting.length, pages, perPage)}<div id="cases">`.text;
  for (let n = 1; n <= pages; n++) {
    const onPage = interesting.slice((n - 1) * perPage, n * perPage);
    const byVector = new Map<string, CaseRecord[]>();
    for (const c of casesOfVectors(report.cases, new Set(onPage.map(({ v }) => v.id)))) {
      const list = byVector.get(c.vector_id);
      if (list) list.push(c);
      else byVector.set(c.vector_id, [c]);
    }
    // A vector at a time: a whole page's markup held at once was promoted and left for the old
    // generation's collector, and V8 let the heap grow by tens of MB while a large report was written.
    const [open, close] = pageTags(n);
    yield open;
    for (const { v, kind } of onPage) {
      yield `${vectorHtml(v, byVector.get(v.id) ?? [], split.has(v.id), kind, context).text}\n`;
      byVector.delete(v.id);
    }
    yield close;
  }
  yield html`</div>
${renderCoverageHtml(report.coverage ?? [])}
<script>${trusted("html", SCRIPT)}</script></body></html>
`.text;
}
