/**
 * Report retention: each run adds a run folder of a few MB to `--out`, so after publishing a run
 * the oldest are removed, keeping the `keep` newest (0 keeps all). Only what the kit wrote is
 * ever removed: a folder named as a run id whose marker file names that run id, holding report
 * views only (regular files, no folder); never what `latest`
 * points at, nor a link, a staging folder or anything a person put there.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RUN_ID_PATTERN } from "../model/run-id.ts";
import { UsageError } from "../util/usage-error.ts";
import { isRunFolder, latestTarget } from "./out-dir.ts";

/** Run folders kept when `--keep` is not given: a few weeks of daily runs, about 100 MB at most. */
export const DEFAULT_KEEP = 20;

/** `--keep <n>`: a whole number ≥ 0; undefined → the default. */
export function parseKeep(value: string | undefined): number {
  if (value === undefined) return DEFAULT_KEEP;
  if (!/^\d+$/.test(value.trim()))
    throw new UsageError(`--keep needs a whole number of run folders, 0 to keep them all; got ${JSON.stringify(value)}`);
  return Number(value.trim());
}

export interface Pruned {
  /** Run folders removed, oldest first. */
  readonly removed: readonly string[];
  /** Run folders that could not be removed (left in place; the run is not failed for it). */
  readonly failed: readonly string[];
}

/** Removes the kit's run folders in `out` beyond the `keep` newest (run ids sort by start time), sparing latest's. */
export function pruneRuns(out: string, keep: number): Pruned {
  if (keep <= 0) return { removed: [], failed: [] };
  let names: string[];
  try {
    names = readdirSync(out);
  } catch {
    return { removed: [], failed: [] };
  }
  const latest = latestTarget(out);
  const runs = names.filter((n) => RUN_ID_PATTERN.test(n) && isRunFolder(join(out, n), n)).sort();
  const old = runs.slice(0, Math.max(0, runs.length - keep)).filter((n) => n !== latest);
  const removed: string[] = [];
  const failed: string[] = [];
  for (const name of old) {
    try {
      rmSync(join(out, name), { recursive: true });
      removed.push(name);
    } catch {
      failed.push(name);
    }
  }
  return { removed, failed };
}
