/** The support table as a self-contained page: no script, nothing fetched; each release links to the run's index.html when it came from a report. */
import type { Role } from "../model/operations.ts";
import { SUPPORT_COLUMNS, type SupportCell, type SupportRow } from "../model/support.ts";
import { html, trusted } from "./escape.ts";
import { cellText, releaseText, SUPPORT_LEGEND } from "./support-text.ts";

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:72em;color:#222;padding:0 1em}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;white-space:nowrap}
.conforming{background:#dff5d8}.partial{background:#fff3c4}.selection{background:#dcecf9}
.not-conforming{background:#fde0d0}.untested,.not-run{background:#eee;color:#666}`;

function cellClass(c: SupportCell | "not run" | "not claimed" | undefined): string {
  if (c === undefined || c === "not run" || c === "not claimed") return "not-run";
  return c.level.replace(" ", "-");
}

/** `cases`: the run folder's index.html, where every case of the report is (absent for a history file). */
export function renderSupportHtml(rows: readonly SupportRow[], source: string, cases?: string): string {
  const td = (c: SupportCell | "not run" | "not claimed" | undefined) => html`<td class="${cellClass(c)}">${cellText(c)}</td>`;
  const release = (r: SupportRow) => (cases ? html`<a href="${cases}">${releaseText(r)}</a>` : releaseText(r));
  const body = rows.map(
    (r) => html`<tr><td>${release(r)}</td>${td(r.whole)}${SUPPORT_COLUMNS.map((role: Role) => td(r.roles[role]))}</tr>`,
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Support table</title><style>${trusted("html", STYLE)}</style></head>
<body><h1>Support table</h1>
<p>From <code>${source}</code>. One row per release and protocol revision; each cell is the level reached and the MUST vectors passed of those required. A selection claims no level for what did not run.</p>
<table><thead><tr><th>release</th><th>whole</th>${SUPPORT_COLUMNS.map((c) => html`<th>${c}</th>`)}</tr></thead><tbody>${body.length ? body : html`<tr><td colspan="5">no statement to show</td></tr>`}</tbody></table>
<p>${SUPPORT_LEGEND}</p>
</body></html>
`.text;
}
