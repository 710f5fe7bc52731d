/**
 * The interop view of index.html: per Server a grid Agent × Computer (pass / fail / hang), each
 * non-passing cell linking to its case below, where the cause, the differences and the relay's
 * whole exchange (each packet named by the connection's role) are shown.
 */
import { describeDifference } from "../diff/describe.ts";
import { interopRecord } from "../live/evidence.ts";
import { type InteropCase, interopCell, interopGrid } from "../model/interop.ts";
import { packetLine, type WirePacket } from "../wire/index.ts";
import { html, type Markup } from "./escape.ts";

const WHOLE_PACKET_CHARS = 4_000;

const caseId = (c: InteropCase) => `interop:${c.vector_id}:${c.agent}:${c.server}:${c.computer}`;

export function renderInteropHtml(cases: readonly InteropCase[] | undefined, order: readonly string[] = []): Markup | string {
  if (!cases || cases.length === 0) return "";
  const grid = interopGrid(cases, order);
  const tables = grid.servers.map((server) => {
    const head = html`<tr><th>agent ↓ · computer →</th>${grid.computers.map((c) => html`<th>${c}</th>`)}</tr>`;
    const rows = grid.agents.map(
      (agent) =>
        html`<tr><th>${agent}</th>${grid.computers.map((computer) => {
          const cell = grid.cell(agent, server, computer);
          if (!cell) return html`<td class="none">not run</td>`;
          const first = cell.cases.find((c) => c.raw_status !== "pass") ?? cell.cases[0]!;
          const known = cell.cell !== "pass" && cell.cases.every((c) => c.raw_status === "pass" || c.status === "known_gap");
          const word = known ? `${cell.cell} (known)` : cell.cases.some((c) => c.status === "stale") ? "pass (stale gap)" : cell.cell;
          const label = word === "pass" ? "pass" : html`<a href="#${caseId(first)}">${word}</a>`;
          const css = cell.cell === "pass" ? "pass" : known ? "gap" : "fail";
          return html`<td class="${css}" title="${first.cause ?? ""}">${label}</td>`;
        })}</tr>`,
    );
    return html`<h3>server ${server}</h3><table class="interop">${head}${rows}</table>`;
  });
  const failing = cases.filter((c) => c.raw_status !== "pass" || c.status === "stale");
  return html`<h2 id="interop">Interop (${cases.filter((c) => c.raw_status === "pass").length}/${cases.length} cases pass)</h2>
<p>one SDK's Agent drives one SDK's Computer through one SDK's Server, with the kit's recording relay in front of the Server; per Server, Agents down and Computers across. A failing cell links to its case.</p>
${tables}
${failing.map((c) => caseHtml(c))}`;
}

function caseHtml(c: InteropCase): Markup {
  const packets: readonly WirePacket[] = interopRecord(c.evidence)?.relay?.packets ?? [];
  const roleOf = new Map<string, string>();
  for (const p of packets)
    if (p.dir === "in" && p.event === "server:join_office") roleOf.set(p.conn, String((p.args?.[0] as { role?: unknown })?.role ?? "?"));
  const lines = packets.map((p) => `${roleOf.get(p.conn) ?? p.conn} ${packetLine(p, undefined, WHOLE_PACKET_CHARS)}`).join("\n");
  return html`<details id="${caseId(c)}" class="case"><summary><b>${interopCell(c)}</b> ${c.vector_id}: agent ${c.agent} × server ${c.server} × computer ${c.computer} — ${c.cause ?? ""}</summary>
${c.status === "known_gap" ? html`<p>known failure, listed by ${c.gap?.implementation}: ${c.gap?.reason}</p>` : ""}${c.status === "stale" ? html`<p>stale: ${c.gap?.implementation} still lists it: ${c.gap?.reason}</p>` : ""}<ul>${c.diffs.map((d) => html`<li>${describeDifference(d)}</li>`)}</ul>
<details class="exchange"><summary>Socket.IO exchange through the relay: ${packets.length} packets (→ to the client, ← from it)</summary><pre class="transcript">${lines}</pre></details></details>`;
}
