/**
 * An interop case in the report: one vector run with one implementation per role. The three roles
 * are adjacent fields in the order agent, server, computer, so a tool rebuilds the grid (per
 * Server, Agent × Computer) from report.json alone. `cell` is what the grid shows: pass, fail, or
 * hang (a role's adapter call hit its time box); `evidence` is the relay's record and every adapter
 * exchange, from which `audit` re-derives the verdict.
 */
import type { Difference } from "./difference.ts";
import type { CaseStatus } from "./status.ts";

export type InteropCell = "pass" | "fail" | "hang";

export interface InteropCase {
  readonly vector_id: string;
  readonly agent: string;
  readonly server: string;
  readonly computer: string;
  readonly cell: InteropCell;
  readonly status: CaseStatus;
  readonly diffs: readonly Difference[];
  readonly note?: string;
  /** One line: which role broke what, for a failing cell. */
  readonly cause?: string;
  readonly duration_ms: number;
  readonly evidence: Readonly<Record<string, unknown>>;
  /** A failing cell an implementation's expectations list (it then does not fail the run). */
  readonly known?: { readonly implementation: string; readonly reason: string };
  /** A passing cell an implementation's expectations still list as failing (it fails the run). */
  readonly stale?: { readonly implementation: string; readonly reason: string };
}

/** An expectations entry for interop: this implementation, in `role`, with the other roles in `with` (any when omitted). */
export interface InteropKnown {
  readonly id: string;
  readonly role: "agent" | "server" | "computer";
  readonly with?: { readonly agent?: string; readonly server?: string; readonly computer?: string };
  readonly cell: "fail" | "hang";
  readonly reason: string;
  /** Why the failure depends on timing: a listed case that passes is then not stale. */
  readonly intermittent?: string;
}

/** The case with its expectations applied: `known` for a listed failure of the same kind, `stale` for a listed one that passed. */
export function withKnown(c: InteropCase, listed: ReadonlyMap<string, readonly InteropKnown[]>): InteropCase {
  for (const [implementation, entries] of listed)
    for (const e of entries) {
      if (e.id !== c.vector_id || c[e.role] !== implementation) continue;
      if (Object.entries(e.with ?? {}).some(([role, name]) => c[role as "agent" | "server" | "computer"] !== name)) continue;
      if (c.cell === "pass") return e.intermittent ? c : { ...c, stale: { implementation, reason: e.reason } };
      if (c.cell === e.cell) return { ...c, known: { implementation, reason: e.reason } };
    }
  return c;
}

/** Cases that fail the run: a fail or hang no expectations list, and a pass they still list. */
export function failingInterop(cases: readonly InteropCase[] | undefined): InteropCase[] {
  return (cases ?? []).filter((c) => (c.cell !== "pass" && !c.known) || c.stale);
}

export interface InteropGrid {
  readonly servers: readonly string[];
  readonly agents: readonly string[];
  readonly computers: readonly string[];
  /** The cell for (agent, server, computer): every vector's case of that choice together; undefined when none ran. */
  cell(agent: string, server: string, computer: string): { readonly cell: InteropCell; readonly cases: readonly InteropCase[] } | undefined;
}

/** The grid every view draws: a hang outranks a fail, which outranks a pass. */
export function interopGrid(cases: readonly InteropCase[], order: readonly string[] = []): InteropGrid {
  // Axes in the run's implementation order (the order cases finished in is no order at all).
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const ordered = (key: "agent" | "server" | "computer") =>
    [...new Set(cases.map((c) => c[key]))].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const byChoice = new Map<string, InteropCase[]>();
  for (const c of cases) {
    const k = JSON.stringify([c.agent, c.server, c.computer]);
    byChoice.set(k, [...(byChoice.get(k) ?? []), c]);
  }
  return {
    servers: ordered("server"),
    agents: ordered("agent"),
    computers: ordered("computer"),
    cell(agent, server, computer) {
      const found = byChoice.get(JSON.stringify([agent, server, computer]));
      if (!found) return undefined;
      const cell: InteropCell = found.some((c) => c.cell === "hang") ? "hang" : found.some((c) => c.cell === "fail") ? "fail" : "pass";
      return { cell, cases: found };
    },
  };
}
