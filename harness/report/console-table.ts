/**
 * The console's compact matrix: a row per suite, a column per implementation, each cell
 * `passed/judged pct%` with marks for what is not a plain pass (✗ failing, ! stale, g known gaps, ~ flaky).
 * Judged counts a known gap (it still fails as its entry says), never unsupported, observed or not
 * applicable. Cells are padded before colour so the columns line up either way.
 */
import type { Counts, Report } from "../model/report.ts";
import { own } from "../util/own.ts";
import type { Colors } from "./color.ts";
import { line } from "./escape.ts";

export interface Cell {
  readonly text: string;
  readonly tone: "pass" | "fail" | "gap" | "none";
}

/** One cell; `short` drops the percentage (narrow terminals). */
export function cell(c: Counts | undefined, short = false): Cell {
  if (!c || c.total === 0) return { text: "-", tone: "none" };
  const failing = c.failed - c.stale;
  const marks = [
    failing ? `${failing}✗` : "",
    c.stale ? `${c.stale}!` : "",
    c.known_gap ? `${c.known_gap}g` : "",
    c.flaky ? `${c.flaky}~` : "",
  ].filter(Boolean);
  if (c.judged === 0) return { text: ["0 judged", ...marks].join(" "), tone: c.failed ? "fail" : "none" };
  const pct = Math.floor((c.pass / c.judged) * 100);
  const head = short ? `${c.pass}/${c.judged}` : `${c.pass}/${c.judged} ${pct}%`;
  return { text: [head, ...marks].join(" "), tone: c.failed ? "fail" : c.known_gap || c.flaky ? "gap" : "pass" };
}

function paint(p: Colors, tone: Cell["tone"], text: string): string {
  if (tone === "pass") return p.green(text);
  if (tone === "fail") return p.red(p.bold(text));
  if (tone === "gap") return p.yellow(text);
  return p.dim(text);
}

/** The table's lines, fitting `columns` where the names allow (the percentage goes first when narrow). */
export function suiteTable(report: Report, p: Colors, columns: number): string[] {
  const impls = report.implementations.map((i) => i.name);
  const suites = report.corpus.suites;
  const build = (short: boolean) => {
    const rows = suites.map((s) => ({
      name: s.name,
      vectors: String(s.vectors),
      cells: impls.map((n) => cell(own(own(report.summary.by_suite, s.name), n), short)),
    }));
    rows.push({
      name: "all",
      vectors: String(report.vectors.length),
      cells: impls.map((n) => cell(own(report.summary.by_implementation, n), short)),
    });
    const nameW = Math.max(5, ...rows.map((r) => r.name.length));
    const vecW = Math.max(4, ...rows.map((r) => r.vectors.length));
    const widths = impls.map((n, i) => Math.max(n.length, ...rows.map((r) => r.cells[i]!.text.length)));
    const width = nameW + 1 + vecW + widths.reduce((a, w) => a + 2 + w, 0);
    return { rows, nameW, vecW, widths, width };
  };
  let t = build(false);
  if (t.width > columns) t = build(true);
  const safe = (s: string) => line`${s}`.text;
  const header = `${"suite".padEnd(t.nameW)} ${"vec".padStart(t.vecW)}${impls.map((n, i) => `  ${safe(n).padEnd(t.widths[i]!)}`).join("")}`;
  const out = [p.bold(header.trimEnd())];
  for (const [k, r] of t.rows.entries()) {
    const cells = r.cells.map((c, i) => `  ${paint(p, c.tone, safe(c.text).padEnd(t.widths[i]!))}`).join("");
    const name = safe(r.name).padEnd(t.nameW);
    const row = `${k === t.rows.length - 1 ? p.bold(name) : name} ${r.vectors.padStart(t.vecW)}${cells}`;
    out.push(row.trimEnd());
  }
  return out;
}

export const TABLE_LEGEND =
  "cells: passed/judged (pass %); ✗ failing, ! stale known gap, g known gaps (listed, not failing the run), ~ flaky (failed, then passed when retried alone)";
