/** The support table as console text and as Markdown: the same cells, in the statements' words. */
import type { Role } from "../model/operations.ts";
import { SUPPORT_COLUMNS, type SupportCell, type SupportRow } from "../model/support.ts";
import { join, type Markup, md } from "./escape.ts";

/** "partial · MUST 66/71", "selection · MUST 1/1 of 941", "not run", "–" (the source has no role lines). */
export function cellText(c: SupportCell | "not run" | "not claimed" | undefined): string {
  if (c === undefined) return "–";
  if (c === "not run" || c === "not claimed") return c;
  return `${c.level} · MUST ${c.must.passed}/${c.must.required}${c.scope ? ` of ${c.scope.corpus}` : ""}`;
}

export function releaseText(r: SupportRow): string {
  return `${r.implementation}${r.sdk_version ? ` ${r.sdk_version}` : ""} @${r.protocol}${r.draft ? " (draft)" : ""}`;
}

/** What the cells' words mean, under every form of the table. */
export const SUPPORT_LEGEND =
  "each cell: the level, then MUST passed/required (of the corpus's, for a selection); not run: no selected vector judges that role; not claimed: the release does not offer the role; –: that revision requires nothing of it, or the source has no role lines";

const roleCell = (r: SupportRow, role: Role) => cellText(r.roles[role]);

export function renderSupportText(rows: readonly SupportRow[], source: string): string {
  const head = ["release", "whole", ...SUPPORT_COLUMNS];
  const body = rows.map((r) => [releaseText(r), cellText(r.whole), ...SUPPORT_COLUMNS.map((role) => roleCell(r, role))]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const fmt = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const lines = [`support table of ${source}`, fmt(head), ...body.map(fmt)];
  if (rows.length === 0) lines.push("no statement to show");
  else lines.push(SUPPORT_LEGEND);
  return `${lines.join("\n")}\n`;
}

export function renderSupportMarkdown(rows: readonly SupportRow[], source: string): string {
  const row = (cells: readonly string[]) =>
    md`| ${join(
      "md",
      cells.map((c) => md`${c}`),
      " | ",
    )} |`;
  const lines: Markup[] = [
    md`# Support table`,
    md``,
    md`From ${source}. One row per release and protocol revision; each cell is the level reached and the MUST vectors passed of those required (README, "Conformance statements").`,
    md``,
    row(["release", "whole", ...SUPPORT_COLUMNS]),
    join("md", [md`|`, ...["release", "whole", ...SUPPORT_COLUMNS].map(() => md` --- |`)]),
    ...rows.map((r) => row([releaseText(r), cellText(r.whole), ...SUPPORT_COLUMNS.map((role) => roleCell(r, role))])),
    md``,
    md`${SUPPORT_LEGEND}`,
  ];
  return `${lines.map((l) => l.text).join("\n")}\n`;
}
