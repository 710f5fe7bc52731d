/**
 * An interop case in the report: one vector run with one implementation per role. It is a case like
 * any other: a raw status from the judge (pass, fail, or timeout when a role's adapter call hit its
 * time box), and a status after the expectations, applied by the same rule as every case
 * (status.ts `applyGap`: known_gap, stale); only its key differs, the vector and the three roles.
 * The roles are adjacent fields in the order agent, server, computer, so a tool rebuilds the grid
 * (per Server, Agent × Computer) from report.json alone; `evidence` is the relay's record and every
 * adapter exchange, from which `audit` re-derives the verdict.
 */
import type { Difference } from "./difference.ts";
import { applyGap, type FinalStatus, type Gap, isFailing } from "./status.ts";

export const INTEROP_ROLE_NAMES = ["agent", "server", "computer"] as const;
export type InteropRoleName = (typeof INTEROP_ROLE_NAMES)[number];

/** What the judge can say of an interop case. */
export type InteropRawStatus = "pass" | "fail" | "timeout";

export interface InteropCase {
  readonly vector_id: string;
  readonly agent: string;
  readonly server: string;
  readonly computer: string;
  readonly raw_status: InteropRawStatus;
  readonly status: FinalStatus;
  readonly diffs: readonly Difference[];
  readonly note?: string;
  /** One line: which role broke what, for a failing case. */
  readonly cause?: string;
  /** The role the failure is attributed to, when the record names one (run/interop-phase.ts): its statement counts it. */
  readonly blamed?: InteropRoleName;
  readonly duration_ms: number;
  /** The relay's record and the adapter exchanges (wire/interop.ts `InteropEvidence`, read through live/evidence.ts). */
  readonly evidence: object;
  /** The expectations entry that applied: whose file lists it, and why. */
  readonly gap?: { readonly implementation: string; readonly reason: string };
}

/** What a grid cell shows: pass, fail, or hang (a role's adapter call timed out). */
export type InteropCell = "pass" | "fail" | "hang";

export function interopCell(c: Pick<InteropCase, "raw_status">): InteropCell {
  return inGridWords(c.raw_status) as InteropCell;
}

/** A status in the grid's words: a timeout is a hang (for a verdict's message, which also meets known_gap or stale). */
export function inGridWords(status: string): string {
  return status === "timeout" ? "hang" : status;
}

/** An expectations entry keys an interop case when it names the role its implementation plays. */
export function isInteropGap(gap: Gap): boolean {
  return gap.role !== undefined;
}

/** Does `gap`, listed by `implementation`, key this case: the vector, its role, and the other roles it names. */
function keys(gap: Gap, implementation: string, c: InteropCase): boolean {
  if (gap.id !== c.vector_id || gap.role === undefined || c[gap.role] !== implementation) return false;
  return INTEROP_ROLE_NAMES.every((role) => gap.with?.[role] === undefined || gap.with[role] === c[role]);
}

/**
 * The case with its expectations applied, by the rule every case follows. Several entries may key
 * one case (each implementation lists its own role); the one the case fails as listed wins, else
 * the first, which then makes it stale. Pure: `audit` applies it the same way.
 */
export function withGaps(c: InteropCase, listed: ReadonlyMap<string, readonly Gap[]>): InteropCase {
  const matching = [...listed].flatMap(([implementation, gaps]) =>
    gaps.filter((g) => keys(g, implementation, c)).map((gap) => ({ implementation, gap })),
  );
  const { vector_id, agent, server, computer, raw_status, status: _status, gap: _gap, ...judged } = c;
  const chosen = matching.find((m) => applyGap(raw_status, m.gap) !== "stale") ?? matching[0];
  const key = { vector_id, agent, server, computer, raw_status };
  if (!chosen) return { ...key, status: raw_status, ...judged };
  const gap = { implementation: chosen.implementation, reason: chosen.gap.reason };
  return { ...key, status: applyGap(raw_status, chosen.gap), ...judged, gap };
}

/** Cases that fail the run: a failure or hang no expectations list, and a listed one that passed (stale). */
export function failingInterop(cases: readonly InteropCase[] | undefined): InteropCase[] {
  return (cases ?? []).filter((c) => isFailing(c.status));
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
  const ordered = (key: InteropRoleName) =>
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
      const marks = found.map(interopCell);
      const cell: InteropCell = marks.includes("hang") ? "hang" : marks.includes("fail") ? "fail" : "pass";
      return { cell, cases: found };
    },
  };
}
