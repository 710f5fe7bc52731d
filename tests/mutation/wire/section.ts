/**
 * MUTATION.md's "Wire kill rate (live suites)" section from the campaign's record and its triage:
 * per role and overall, the same columns as the data rules' table (raw = killed / valid, strict =
 * killed / (valid − equivalent), spec-decided = killed / (valid − equivalent − spec silent)), the
 * killed mutants that did not fail a vector (at load, by error, by timeout) listed apart, and every
 * survivor with its triage.
 */

import type { CampaignResult, MutantRecord } from "./result.ts";
import { WIRE_ROLES } from "./roles.ts";
import type { WireTriage } from "./triage.ts";

export const WIRE_HEADING = "## Wire kill rate (live suites)";

export interface RoleScore {
  readonly role: string;
  /** Mutants of the role's files, compiling or not: what the sample is drawn from. */
  readonly population: number;
  readonly valid: number;
  readonly killed: number;
  readonly atLoad: number;
  readonly byError: number;
  readonly byTimeout: number;
  readonly survived: number;
  readonly equivalent: number;
  readonly specSilent: number;
  readonly gap: number;
  readonly raw: number;
  readonly strict: number;
  readonly decided: number;
}

const ratio = (n: number, d: number) => (d <= 0 ? 1 : n / d);

export function scoreOf(
  role: string,
  population: number,
  records: readonly MutantRecord[],
  triage: ReadonlyMap<string, WireTriage>,
): RoleScore {
  const n = (pick: (r: MutantRecord) => boolean) => records.filter(pick).length;
  const survivors = records.filter((r) => r.outcome === "survived");
  const cls = (c: WireTriage["triage"]) => survivors.filter((r) => triage.get(r.key)?.triage === c).length;
  const valid = records.length;
  const killed = valid - survivors.length;
  const equivalent = cls("equivalent");
  const specSilent = cls("spec silent");
  return {
    role,
    population,
    valid,
    killed,
    atLoad: n((r) => r.outcome === "killed_at_load"),
    byError: n((r) => r.outcome === "killed_by_error"),
    byTimeout: n((r) => r.outcome === "timeout"),
    survived: survivors.length,
    equivalent,
    specSilent,
    gap: cls("gap"),
    raw: ratio(killed, valid),
    strict: ratio(killed, valid - equivalent),
    decided: ratio(killed, valid - equivalent - specSilent),
  };
}

export function roleScores(result: CampaignResult, triage: readonly WireTriage[]): { roles: RoleScore[]; total: RoleScore } {
  const byKey = new Map(triage.map((t) => [t.mutant, t]));
  const populationOf = (role: string) =>
    Object.entries(result.population)
      .filter(([file]) => file.startsWith(`adapters/reference/${role}/`))
      .reduce((sum, [, count]) => sum + count, 0);
  const roles = WIRE_ROLES.map((role) =>
    scoreOf(
      role,
      populationOf(role),
      result.mutants.filter((m) => m.role === role),
      byKey,
    ),
  );
  const all = Object.values(result.population).reduce((a, b) => a + b, 0);
  return { roles, total: scoreOf("all roles", all, result.mutants, byKey) };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The 95 % Wilson score interval of k successes in n trials. */
export function wilson(k: number, n: number): readonly [number, number] {
  if (n <= 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
const code = (text: string) => `\`${text.replace(/\s+/g, " ").replace(/`/g, "ˋ").slice(0, 70)}\``;

/** The strict score with each role weighted by its population (the roles are sampled unevenly, sample.ts). */
export function weightedStrict(roles: readonly RoleScore[]): number {
  const total = roles.reduce((sum, r) => sum + r.population, 0);
  return roles.reduce((sum, r) => sum + (r.population / total) * r.strict, 0);
}

export function renderSection(result: CampaignResult, triage: readonly WireTriage[]): string {
  const { roles, total } = roleScores(result, triage);
  const byKey = new Map(triage.map((t) => [t.mutant, t]));
  const interval = (s: RoleScore) =>
    wilson(s.killed, s.valid - s.equivalent)
      .map((x) => (x * 100).toFixed(0))
      .join("–");
  const row = (s: RoleScore) =>
    `| ${s.role} | ${s.population} | ${s.valid} | ${s.killed} | ${s.atLoad} / ${s.byError} / ${s.byTimeout} | ${s.survived} | ${s.equivalent} | ${s.specSilent} | ${s.gap} | ${pct(s.raw)} | ${pct(s.strict)} (${interval(s)} %) | ${pct(s.decided)} |`;
  const where = (r: MutantRecord) => `\`${r.key}\` (${code(r.original)} → ${code(r.replacement)})`;
  const survivorLine = (r: MutantRecord) => {
    const t = byKey.get(r.key);
    if (!t) return `- ${where(r)}: **untriaged**`;
    if (t.triage !== "gap") return `- ${where(r)}: ${t.triage}: ${t.reason}`;
    const line = `- ${where(r)}: gap: ${t.reason} Would be killed by: ${t.vector}`;
    return t.written ? `${line}. Written since: ${t.written.join(", ")} (fails with this mutant applied by hand)` : line;
  };
  const apart = (outcome: string) => result.mutants.filter((r) => r.outcome === outcome);
  const apartLines = (title: string, list: readonly MutantRecord[]) =>
    list.length ? [`${title} (${list.length}):`, "", ...list.map((r) => `- ${where(r)}: ${r.detail ?? ""}`.trimEnd()), ""] : [];
  const survivors = result.mutants.filter((r) => r.outcome === "survived").sort((a, b) => a.key.localeCompare(b.key));
  const stale = triage.filter((t) => !survivors.some((r) => r.key === t.mutant));
  const seconds = Object.entries(result.baseline).map(([name, b]) => `${name} ${(b.duration_ms / 1000).toFixed(0)} s`);
  return [
    WIRE_HEADING,
    "",
    `Generated by \`npm run mutation:wire\` (${result.generated_at.slice(0, 10)}; seed \`${result.seed}\`, ${result.mutants.length} mutants run of a`,
    `sample of ${result.size}, ${result.workers} at a time under \`nice -n 19\`, ${(result.wall_ms / 60_000).toFixed(0)} min wall time; the unmutated baseline passed: ${seconds.join(", ")}).`,
    "",
    ...PROSE,
    "",
    "| role | mutants | valid (run) | killed | of which at load / by error / by timeout | survived | equivalent | spec silent | gap | raw | strict (95 % interval) | spec-decided |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...roles.map(row),
    row(total).replace(/^\| all roles/, "| **all roles**"),
    "",
    `Weighted by each role's mutants (the roles are sampled unevenly), the strict score is ${pct(weightedStrict(roles))}.`,
    `${result.not_compiling.length} mutants met in the draw did not type-check and were replaced by the next of their file; ${result.not_run.length} drawn mutants were not run (time budget).`,
    ...writtenSince(triage),
    "",
    ...apartLines("Killed at load", apart("killed_at_load")),
    ...apartLines("Killed by an internal error of the run", apart("killed_by_error")),
    ...apartLines("Killed by timeout (the run outlived its box)", apart("timeout")),
    `### Wire survivors (${survivors.length})`,
    "",
    ...(survivors.length ? survivors.map(survivorLine) : ["None."]),
    "",
    ...(stale.length ? ["Triage entries naming no survivor of this campaign:", "", ...stale.map((t) => `- \`${t.mutant}\``), ""] : []),
  ].join("\n");
}

/** How many gaps have had their vectors written since the campaign ran: its score does not count them yet. */
function writtenSince(triage: readonly WireTriage[]): string[] {
  const gaps = triage.filter((t) => t.triage === "gap");
  const written = gaps.filter((t) => t.written !== undefined);
  if (written.length === 0) return [];
  const ids = new Set(written.flatMap((t) => t.written ?? []));
  return [
    `Since this campaign, vectors were written for ${written.length} of its ${gaps.length} gaps (${ids.size} vectors, each seen to fail with its mutant applied by hand; "Written since" below): the score above does not count them until the campaign is run again.`,
  ];
}

/** The fixed explanation: what was mutated, how the sample is drawn and why, what kills. */
const PROSE = [
  "The same kind of mutant as the data rules' score above (Stryker's own instrumenter, its operators, spans and",
  "replacements), over the reference's live roles: adapters/reference/computer/, server/ and agent/. Measuring every",
  "mutant would take about 2,300 runs of the live suites (half a minute each); the campaign draws a fixed-seed sample",
  "instead (tests/mutation/wire/sample.ts): split over the three roles by square-root allocation, a compromise between",
  "proportional shares (best for the overall score) and equal shares (best for each role's own score, the smallest role",
  "would otherwise get a handful), then over each role's files in proportion to their mutants, one at least per file.",
  "The interval beside each strict score is its 95 % Wilson interval: what the sample's size leaves unknown.",
  "A mutant that does not type-check (the TypeScript language service on its file) is replaced by the file's next.",
  "Each mutant is written into a copy of the repository and the live suites run there against the copy's in-process",
  "reference: wire-computer, wire-server, wire-agent, transport and upstream-auth-error at 0.4.0, then, for a mutant",
  "that run leaves alive, wire-server at --protocol 0.5.0-dev (the only run in which the Server's draft room model",
  "answers). Killed: a must or should vector failed (or the run failed for a reason its verdict names); at load: the",
  "run ended before any case ran; by timeout: a run outlived its 120 s box. Survivors are triaged in",
  "tests/mutation/wire/triage.yaml: *equivalent* (no scene can tell it apart), *spec silent* (only a reading the spec",
  "leaves open tells it apart) or *gap* (the spec decides it and no live vector pins it; the vector that would kill it",
  "is named, and the vectors written for it since are listed). Raw, strict and spec-decided are computed as in the data rules' table.",
];
