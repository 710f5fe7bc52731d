/** The campaign's record (reports/mutation/wire/result.json): written by campaign.ts, read by write-section.ts. */

import type { Outcome } from "./outcome.ts";
import type { WireRole } from "./roles.ts";

/** Where the record and the summary go (git-ignored, like every report). */
export const RESULT_DIR = "reports/mutation/wire";

export interface MutantRecord {
  readonly key: string;
  readonly file: string;
  readonly role: WireRole;
  readonly operator: string;
  readonly line: number;
  readonly column: number;
  readonly original: string;
  readonly replacement: string;
  readonly outcome: Outcome;
  /** The killer run (run-suites.ts KILLERS) that decided: the first that did not pass, or the last. */
  readonly run: string;
  /** The must / should vectors that failed under the mutant. */
  readonly failing: readonly string[];
  readonly flaky: readonly string[];
  readonly exit: number | null;
  readonly duration_ms: number;
  readonly detail?: string;
}

export interface CampaignResult {
  readonly generated_at: string;
  readonly seed: string;
  /** The sample size asked for; `mutants` holds what ran, `not_run` what the time budget left out. */
  readonly size: number;
  readonly workers: number;
  readonly timeout_ms: number;
  readonly budget_ms: number;
  readonly killers: readonly { readonly name: string; readonly options: readonly string[] }[];
  /** Mutants per file that compile or not: the population the sample is drawn from. */
  readonly population: Readonly<Record<string, number>>;
  readonly quotas: Readonly<Record<string, number>>;
  /** Each killer run on the unmutated copy: all passed, or the campaign stopped. */
  readonly baseline: Readonly<Record<string, { readonly outcome: string; readonly duration_ms: number }>>;
  /** Mutants met in the draw that do not type-check, with the first error: not counted. */
  readonly not_compiling: readonly { readonly key: string; readonly why: string }[];
  /** In the order they finished. */
  readonly mutants: readonly MutantRecord[];
  readonly not_run: readonly string[];
  readonly wall_ms: number;
}
