/**
 * The performance issues' targets (#8, then the stricter rounds 2 and 3, #19 and #30), each judged met / not met
 * from this run, or pending when the section that measures it did not run. Throughput targets are
 * judged at the default window: what `smcp-conformance run` actually gets.
 */
import type { EfficiencyRow, SpeedUpRow } from "./derived.ts";
import { count, mib, ratio, seconds } from "./format.ts";
import type { Measurements, TargetRow } from "./results.ts";
import { harnessRates } from "./throughput.ts";

const pending = (target: string, why: string): TargetRow => ({ target, reached: why, status: "pending" });
const judged = (target: string, reached: string, met: boolean): TargetRow => ({ target, reached, status: met ? "met" : "not met" });

/** Peak RSS of the largest run may exceed the one ten times smaller by at most this factor. */
export const FLAT_MEMORY_FACTOR = 1.25;

function throughputTargets(m: Measurements): TargetRow[] {
  const goals: Array<[string, string, number]> = [
    ["python", "Python", 40_000],
    ["rust", "Rust", 150_000],
    ["reference", "reference in-process", 500_000],
  ];
  return goals.map(([name, label, goal]) => {
    const target = `${label} ≥ ${count(goal)} bundle_id cases/s`;
    const { atDefault, best } = m.throughput ? harnessRates(m.throughput, name, "bundle_id.resolve") : {};
    if (!atDefault) return pending(target, "throughput not measured");
    const bestNote = best && best !== atDefault ? `; best ${count(best.cases_per_s.median)} at window ${best.window}` : "";
    return judged(
      target,
      `${count(atDefault.cases_per_s.median)}${atDefault.window ? ` at window ${atDefault.window}` : ""}${bestNote}`,
      atDefault.cases_per_s.median >= goal,
    );
  });
}

function efficiencyTargets(rows: readonly EfficiencyRow[]): TargetRow[] {
  // Round 3 (#30): Rust raised from 0.4 to 0.5, and the reference in-process against its own loop.
  const goals: Array<[string, string, number]> = [
    ["python", "Python", 0.6],
    ["rust", "Rust", 0.5],
    ["reference", "the reference in-process", 0.8],
  ];
  return goals.flatMap(([name, label, goal]) =>
    ["bundle_id.resolve", "server_config.validate"].map((op) => {
      const target = `harness efficiency ≥ ${goal} for ${label} (${op})`;
      const row = rows.find((r) => r.implementation === name && r.op === op);
      if (!row || row.efficiency_default === null) return pending(target, row?.not_available ?? "in-language loop not measured");
      const best =
        row.efficiency_best !== null && row.best_window !== null ? `; ${ratio(row.efficiency_best)} at window ${row.best_window}` : "";
      return judged(target, `${ratio(row.efficiency_default)}${best}`, row.efficiency_default >= goal);
    }),
  );
}

/** Harness CPU per subprocess case: its busy share of a core divided by the cases it drove. */
function harnessCpuTargets(m: Measurements): TargetRow[] {
  const goal = 3;
  return ["python", "rust"].flatMap((name) =>
    ["bundle_id.resolve", "server_config.validate"].map((op) => {
      const target = `harness CPU ≤ ${goal} µs per case (${name}, ${op}, default window)`;
      const row = m.throughput ? harnessRates(m.throughput, name, op).atDefault : undefined;
      if (!row) return pending(target, "throughput not measured");
      const us = (row.cpu.harness / row.cases_per_s.median) * 1e6;
      return judged(target, `${ratio(us)} µs`, us <= goal);
    }),
  );
}

function speedUpTargets(rows: readonly SpeedUpRow[]): TargetRow[] {
  return [
    ["python", "Python"],
    ["rust", "Rust"],
  ].map(([name, label]) => {
    const target = `≥ 500× faster than one process per case (${label})`;
    const row = rows.find((r) => r.implementation === name);
    if (!row || row.speed_up === null) return pending(target, "needs throughput and per-process");
    return judged(target, `${count(row.speed_up)}×`, row.speed_up >= 500);
  });
}

function scalingTargets(m: Measurements): TargetRow[] {
  const timeTarget = "100,000-case differential fuzz (reference + Python + Rust) ≤ 60 s";
  const memoryTarget = `harness memory flat in the number of cases (peak RSS at 100k ≤ ${FLAT_MEMORY_FACTOR}× at 10k)`;
  if (!m.scaling || m.scaling.not_available)
    return [
      pending(timeTarget, m.scaling?.not_available ?? "scaling not measured"),
      pending(memoryTarget, m.scaling?.not_available ?? "scaling not measured"),
    ];
  const at = (runs: number) => m.scaling!.rows.find((r) => r.runs === runs && !r.problem);
  const large = at(100_000);
  const small = at(10_000);
  const rows = [
    large
      ? judged(timeTarget, `${seconds(large.wall_ms.median)} s`, large.wall_ms.median <= 60_000)
      : pending(timeTarget, "no 100k run (--quick, or it failed)"),
  ];
  if (!large?.peak_rss_bytes || !small?.peak_rss_bytes)
    return [...rows, pending(memoryTarget, "needs the 10k and 100k runs with a peak RSS")];
  const growth = large.peak_rss_bytes.median / small.peak_rss_bytes.median;
  const perCase =
    large.cases && small.cases
      ? `; ${ratio((large.peak_rss_bytes.median - small.peak_rss_bytes.median) / 1024 / (large.cases - small.cases))} KiB per added case`
      : "";
  return [
    ...rows,
    judged(
      memoryTarget,
      `${mib(small.peak_rss_bytes.median)} → ${mib(large.peak_rss_bytes.median)} MiB (${ratio(growth)}×${perCase})`,
      growth <= FLAT_MEMORY_FACTOR,
    ),
  ];
}

/** The opt-in million-case point (`--million`): ≤ 5 minutes, peak RSS within the flat-memory factor of 100k. */
function millionTargets(m: Measurements): TargetRow[] {
  const timeTarget = "1,000,000-case differential fuzz (reference + Python + Rust) ≤ 5 min";
  const memoryTarget = `harness memory flat from 100k to 1M cases (peak RSS ≤ ${FLAT_MEMORY_FACTOR}×)`;
  const at = (runs: number) => m.scaling?.rows.find((r) => r.runs === runs && !r.problem);
  const million = at(1_000_000);
  const large = at(100_000);
  if (!million) return [pending(timeTarget, "no 1M run (opt-in: --million)"), pending(memoryTarget, "no 1M run (opt-in: --million)")];
  const rows = [judged(timeTarget, `${seconds(million.wall_ms.median)} s`, million.wall_ms.median <= 300_000)];
  if (!million.peak_rss_bytes || !large?.peak_rss_bytes)
    return [...rows, pending(memoryTarget, "needs the 100k and 1M runs with a peak RSS")];
  const growth = million.peak_rss_bytes.median / large.peak_rss_bytes.median;
  return [
    ...rows,
    judged(
      memoryTarget,
      `${mib(large.peak_rss_bytes.median)} → ${mib(million.peak_rss_bytes.median)} MiB (${ratio(growth)}×)`,
      growth <= FLAT_MEMORY_FACTOR,
    ),
  ];
}

function matrixTarget(m: Measurements): TargetRow {
  const target = "warm full matrix (all suites × reference, Python, Rust) ≤ 10 s";
  if (!m.warm_matrix) return pending(target, "cold-start section not run");
  return judged(target, `${seconds(m.warm_matrix.wall_ms.median)} s`, m.warm_matrix.wall_ms.median <= 10_000);
}

export function evaluateTargets(m: Measurements, efficiency: readonly EfficiencyRow[], speedUp: readonly SpeedUpRow[]): TargetRow[] {
  return [
    ...harnessCpuTargets(m),
    ...throughputTargets(m),
    ...efficiencyTargets(efficiency),
    ...speedUpTargets(speedUp),
    ...scalingTargets(m),
    ...millionTargets(m),
    matrixTarget(m),
  ];
}
