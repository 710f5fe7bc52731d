/**
 * Ratios: harness efficiency (harness ÷ in-language throughput; at the default window from the
 * paired repetitions of the in-language section, at the best window from the throughput section,
 * unpaired) and the speed-up over one process per case (pipelined at the default window ÷
 * per-process throughput).
 */
import type { InLanguageRow } from "./in-language.ts";
import type { OneShotRow } from "./one-shot.ts";
import { harnessRates, type ThroughputResult } from "./throughput.ts";

export interface EfficiencyRow {
  readonly implementation: string;
  readonly op: string;
  readonly harness_default: number | null;
  readonly harness_best: number | null;
  readonly best_window: number | null;
  readonly in_language: number | null;
  readonly efficiency_default: number | null;
  readonly efficiency_best: number | null;
  readonly not_available?: string;
}

export interface SpeedUpRow {
  readonly implementation: string;
  readonly pipelined: number | null;
  readonly per_process: number;
  readonly speed_up: number | null;
}

const divide = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? a / b : null);

export function efficiencies(throughput: ThroughputResult | undefined, inLanguage: readonly InLanguageRow[]): EfficiencyRow[] {
  return inLanguage.map((row) => {
    const best = throughput ? harnessRates(throughput, row.implementation, row.op).best : undefined;
    const harnessBest = best?.cases_per_s.median ?? null;
    const inLang = row.cases_per_s?.median ?? null;
    return {
      implementation: row.implementation,
      op: row.op,
      harness_default: row.harness_cases_per_s?.median ?? null,
      harness_best: harnessBest,
      best_window: best?.window ?? null,
      in_language: inLang,
      efficiency_default: row.efficiency?.median ?? null,
      efficiency_best: divide(harnessBest, inLang),
      ...(row.not_available ? { not_available: row.not_available } : {}),
    };
  });
}

export function speedUps(throughput: ThroughputResult | undefined, oneShots: readonly OneShotRow[]): SpeedUpRow[] {
  return oneShots.map((row) => {
    const pipelined = throughput ? (harnessRates(throughput, row.implementation, row.op).atDefault?.cases_per_s.median ?? null) : null;
    return { implementation: row.implementation, pipelined, per_process: row.cases_per_s, speed_up: divide(pipelined, row.cases_per_s) };
  });
}
