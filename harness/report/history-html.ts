/**
 * The history's trend as a self-contained page (issue 29): one SVG line per implementation and
 * protocol revision, MUST passed / required over the recorded runs, oldest left. No script and no
 * external resource: every point carries its numbers in a <title>, so a hover or a screen reader
 * shows them, and a table below repeats them for anyone who cannot read a chart.
 */
import type { HistoryEntry } from "../model/history.ts";
import { html, type Markup, trusted } from "./escape.ts";

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 48, right: 16, top: 16, bottom: 32 };
// Distinguishable in colour and, for colour-blind readers, by the dash pattern beside it.
const PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];

const percent = (e: HistoryEntry) => (e.must.required === 0 ? 0 : (100 * e.must.passed) / e.must.required);

/** One series per implementation and revision, in the order they first appear. */
export function trendSeries(entries: readonly HistoryEntry[]): Map<string, HistoryEntry[]> {
  const series = new Map<string, HistoryEntry[]>();
  for (const e of entries) {
    const key = `${e.implementation} ${e.sdk_version ?? "?"} @${e.protocol}`;
    series.set(key, [...(series.get(key) ?? []), e]);
  }
  return series;
}

/** The chart alone: x is the run (by its position among all recorded runs), y the MUST pass rate. */
export function renderTrendSvg(entries: readonly HistoryEntry[]): Markup {
  const runs = [...new Set(entries.map((e) => e.run_id))];
  const x = (runId: string) => {
    const i = runs.indexOf(runId);
    const span = WIDTH - PAD.left - PAD.right;
    return PAD.left + (runs.length === 1 ? span / 2 : (span * i) / (runs.length - 1));
  };
  const y = (pct: number) => PAD.top + ((HEIGHT - PAD.top - PAD.bottom) * (100 - pct)) / 100;
  const grid = [0, 25, 50, 75, 100].map(
    (p) =>
      html`<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(p)}" y2="${y(p)}" stroke="#ddd"/><text x="${PAD.left - 6}" y="${y(p) + 4}" text-anchor="end" font-size="11">${p} %</text>`,
  );
  const series = trendSeries(entries);
  const lines = [...series].map(([key, list], i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    const dash = DASHES[i % DASHES.length]!;
    const points = list.map((e) => `${x(e.run_id).toFixed(1)},${y(percent(e)).toFixed(1)}`).join(" ");
    const dots = list.map(
      (e) =>
        html`<circle cx="${x(e.run_id).toFixed(1)}" cy="${y(percent(e)).toFixed(1)}" r="3" fill="${colour}"><title>${key} · ${e.at} · MUST ${e.must.passed}/${e.must.required} · ${e.level}</title></circle>`,
    );
    return html`<g class="series" data-series="${key}"><polyline fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}" points="${points}"/>${dots}</g>`;
  });
  const legend = [...series.keys()].map((key, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    const dash = DASHES[i % DASHES.length]!;
    const ly = HEIGHT + 14 + i * 16;
    return html`<line x1="${PAD.left}" x2="${PAD.left + 28}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}"/><text x="${PAD.left + 34}" y="${ly + 4}" font-size="12">${key}</text>`;
  });
  const total = HEIGHT + 14 + series.size * 16;
  return html`<svg xmlns="http://www.w3.org/2000/svg" id="trend" width="${WIDTH}" height="${total}" viewBox="0 0 ${WIDTH} ${total}" role="img" aria-label="MUST pass rate per implementation over the recorded runs">${grid}<text x="${PAD.left}" y="${HEIGHT - 8}" font-size="11">oldest run</text><text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" font-size="11" text-anchor="end">newest run (${runs.length} runs)</text>${lines}${legend}</svg>`;
}

/** The page `history FILE --html OUT` and `run --history FILE` write: the chart, then every entry as a row. */
export function renderHistoryHtml(entries: readonly HistoryEntry[], source: string): string {
  const rows = entries.map(
    (e) =>
      html`<tr><td>${e.at}</td><td>${e.implementation}</td><td>${e.sdk_version ?? "?"}</td><td>${e.protocol}</td><td>${e.must.passed}/${e.must.required}</td><td>${e.should.passed}/${e.should.required}</td><td>${e.must.known_gaps + e.should.known_gaps}</td><td>${e.must.unverified + e.should.unverified}</td><td>${e.level}</td><td>${e.kit_version}</td><td>${e.corpus_sha256.slice(0, 12)}</td></tr>`,
  );
  const style = trusted(
    "html",
    "body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}",
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>smcp-conformance history</title><style>${style}</style></head>
<body><h1>Conformance history</h1><p>${entries.length} statements from ${source}: MUST vectors passed per implementation and protocol revision, run by run.</p>
${entries.length === 0 ? html`<p>No statement recorded yet.</p>` : renderTrendSvg(entries)}
<table id="history"><tr><th>finished</th><th>implementation</th><th>SDK</th><th>protocol</th><th>MUST</th><th>SHOULD</th><th>known gaps</th><th>unverified</th><th>level</th><th>kit</th><th>corpus</th></tr>${rows}</table>
</body></html>
`.text;
}
