/** A small SVG badge per implementation: its name and pass count, coloured like the matrix. */

import type { Counts } from "../model/report.ts";
import { escapeHtml } from "./html.ts";

function colour(c: Counts): string {
  if (c.failed > 0) return "#e05d44";
  if (c.known_gap > 0) return "#dfb317";
  return "#4c1";
}

/** Text widths are estimated (about 6.5 px a character at 11 px Verdana), as shields-style badges do. */
export function renderBadge(implementation: string, c: Counts): string {
  const label = `smcp ${implementation}`;
  const value = `${c.pass}/${c.judged} pass${c.known_gap ? `, ${c.known_gap} known gaps` : ""}${c.failed ? `, ${c.failed} failing` : ""}`;
  const lw = Math.round(label.length * 6.5) + 10;
  const vw = Math.round(value.length * 6.5) + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${escapeHtml(`${label}: ${value}`)}">
<title>${escapeHtml(`${label}: ${value}`)}</title>
<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${colour(c)}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="5" y="14">${escapeHtml(label)}</text><text x="${lw + 5}" y="14">${escapeHtml(value)}</text>
</g></svg>
`;
}
