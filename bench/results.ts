/** The results file: everything measured, the machine, and the targets, as one JSON document. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { EfficiencyRow, SpeedUpRow } from "./derived.ts";
import type { InLanguageRow } from "./in-language.ts";
import type { describeSdks, Machine } from "./machine.ts";
import type { OneShotRow } from "./one-shot.ts";
import type { ScalingResult } from "./scaling.ts";
import type { ThroughputResult } from "./throughput.ts";
import type { WarmMatrixResult } from "./warm-matrix.ts";

export type TargetStatus = "met" | "not met" | "pending";

/** One target of BENCHMARKS.md: what was reached and whether that meets it. */
export interface TargetRow {
  readonly target: string;
  readonly reached: string;
  readonly status: TargetStatus;
}

/** What the sections measured; a section not run is absent. */
export interface Measurements {
  readonly throughput?: ThroughputResult;
  readonly in_language?: InLanguageRow[];
  /** One process per case; also the cold start (time to the first answer). */
  readonly one_shot?: OneShotRow[];
  readonly scaling?: ScalingResult;
  readonly warm_matrix?: WarmMatrixResult;
}

export interface BenchResults extends Measurements {
  readonly started_at: string;
  readonly finished_at: string;
  readonly options: {
    readonly sections: readonly string[];
    readonly quick: boolean;
    readonly million: boolean;
    readonly reps: number;
    readonly rep_seconds: number;
  };
  readonly machine: Machine & { readonly load_at_end: readonly number[]; readonly load_by_section: Readonly<Record<string, number>> };
  readonly sdks: ReturnType<typeof describeSdks>;
  readonly efficiency: EfficiencyRow[];
  readonly speed_up: SpeedUpRow[];
  readonly targets: TargetRow[];
  /** Sections that failed, with why. */
  readonly problems?: readonly string[];
}

export function writeResults(path: string, results: BenchResults): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
