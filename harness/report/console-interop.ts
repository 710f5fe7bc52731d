/**
 * The interop grid in the console: one block per Server, Agents down, Computers across, a mark per
 * cell (✓ pass, ✗ fail, H hang, k known failure, ! stale, · not run), then the count.
 */
import { type InteropCase, interopCell, interopGrid } from "../model/interop.ts";

const MARK = { pass: "✓", fail: "✗", hang: "H" } as const;
/** What a cell shows: its mark, `k` when every non-passing case of it is a listed known failure, `!` when a listed one passed. */
function cellMark(cell: ReturnType<ReturnType<typeof interopGrid>["cell"]>): string {
  if (!cell) return "·";
  if (cell.cases.some((c) => c.status === "stale")) return "!";
  if (cell.cell !== "pass" && cell.cases.every((c) => c.raw_status === "pass" || c.status === "known_gap")) return "k";
  return MARK[cell.cell];
}

export function interopLines(cases: readonly InteropCase[] | undefined, order: readonly string[] = []): string[] {
  if (!cases || cases.length === 0) return [];
  const grid = interopGrid(cases, order);
  const width = Math.max(10, ...grid.computers.map((c) => c.length + 2), ...grid.agents.map((a) => a.length + 8));
  const pad = (s: string, n = width) => s.padEnd(n);
  const lines = ["interop: per server, agent ↓ × computer →"];
  for (const server of grid.servers) {
    lines.push(`  server ${server}`);
    lines.push(`    ${pad("")}${grid.computers.map((c) => pad(c)).join("")}`);
    for (const agent of grid.agents)
      lines.push(`    ${pad(`agent ${agent}`)}${grid.computers.map((c) => pad(cellMark(grid.cell(agent, server, c)))).join("")}`);
  }
  const cells = grid.servers
    .flatMap((s) => grid.agents.flatMap((a) => grid.computers.map((c) => grid.cell(a, s, c))))
    .filter((c) => c !== undefined);
  const passed = cells.filter((c) => c.cell === "pass").length;
  const hung = cells.filter((c) => c.cell === "hang").length;
  for (const c of cases.filter((x) => x.status === "known_gap"))
    lines.push(
      `  known: agent ${c.agent} × server ${c.server} × computer ${c.computer}: ${c.cause ?? interopCell(c)} (listed by ${c.gap?.implementation})`,
    );
  lines.push(
    `  ${passed}/${cells.length} cells pass${hung ? `, ${hung} hang` : ""} (✓ pass, ✗ fail, H hang, k known failure, ! stale, · not run)`,
  );
  return lines;
}
