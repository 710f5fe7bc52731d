/**
 * What `run` selects before anything starts: the options checked, the implementations chosen (and
 * those `--unchecked` names, chosen for their expectations files only), the suites after
 * `--exclude-suite`. Every mistake here is a usage error, and nothing has run yet.
 */

import { parseShard, type Shard } from "../corpus/shard.ts";
import { defaultNames, knownNames, pinnedNames } from "../impl/registry.ts";
import { isDraft } from "../model/protocols.ts";
import { CONFORMANCE_LEVELS, type ConformanceLevel } from "../model/statement.ts";
import type { Corpus } from "../model/vector.ts";
import { didYouMean } from "../util/did-you-mean.ts";
import { UsageError } from "../util/usage-error.ts";
import { list, type SelectionOptions, selectFromOptions } from "./options.ts";

export type SelectedImplementations = ReturnType<typeof selectFromOptions>;

/** The options the selection reads (a part of RunOptions). */
export interface RunSelectionOptions extends SelectionOptions {
  readonly shard?: string;
  readonly require?: string;
  readonly unchecked?: string;
  readonly updateExpectations?: boolean;
  readonly recordFaults?: boolean;
  /** --protocol: at a draft the default matrix is the pinned releases only, and no release's file is updated. */
  readonly protocol?: string;
}

export interface RunSelection {
  readonly require: ConformanceLevel | undefined;
  readonly shard: Shard | undefined;
  /** The implementations the run starts. */
  readonly selected: SelectedImplementations;
  /** `--unchecked`: never started; their expectations files are marked. */
  readonly unchecked: SelectedImplementations;
  /** Added by the default matrix beside the pinned releases, not asked for by name (RunSettings.older_releases). */
  readonly olderReleases: string[];
}

/** --require's level; "not-conforming" may stand for "not conforming". A level the kit lacks is a usage error. */
export function requiredLevel(value: string | undefined): ConformanceLevel | undefined {
  if (value === undefined) return undefined;
  const level = value.replace(/-/g, " ");
  if ((CONFORMANCE_LEVELS as readonly string[]).includes(level)) return level as ConformanceLevel;
  throw new UsageError(`--require needs a conformance level (${CONFORMANCE_LEVELS.join(", ")}), got ${JSON.stringify(value)}`);
}

/** Checks the options that go together and selects the implementations (no corpus needed). */
export function selectRun(options: RunSelectionOptions): RunSelection {
  if (options.recordFaults && !options.updateExpectations) throw new UsageError("--record-faults goes with --update-expectations");
  const require = requiredLevel(options.require);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (options.shard !== undefined && !shard) throw new UsageError(`--shard needs i/n with 1 ≤ i ≤ n, got ${JSON.stringify(options.shard)}`);
  const uncheckedNames = list(options.unchecked);
  if (uncheckedNames.length > 0 && !options.updateExpectations)
    throw new UsageError(
      "--unchecked goes with --update-expectations: it marks vectors in the expectations files of implementations it does not run",
    );
  const unchecked = uncheckedSelection(options, uncheckedNames);
  const forUnchecked = (e: string) => uncheckedNames.some((n) => e.startsWith(`${n}=`));
  // At a draft revision the older releases have nothing to say (what the draft changes came after them).
  const draft = options.protocol !== undefined && isDraft(options.protocol);
  const selected = selectFromOptions({
    ...options,
    ...(draft ? { defaults: "pinned" as const } : {}),
    expectations: (options.expectations ?? []).filter((e) => !forUnchecked(e)),
  }).filter((s) => !uncheckedNames.includes(s.implementation.name));
  // A release's expectations file holds its gaps at the released revisions: a draft's go in a file of their own.
  const intoRelease =
    draft && options.updateExpectations
      ? selected.find((s) => s.expectationsFile !== undefined && !hasOwnFile(options, s.implementation.name))
      : undefined;
  if (intoRelease)
    throw new UsageError(
      `--update-expectations at ${options.protocol} (a draft) would write draft results into ${intoRelease.implementation.name}'s release file${intoRelease.expectationsFile ? ` ${intoRelease.expectationsFile}` : ""}: give it a file of its own with --expectations ${intoRelease.implementation.name}=<file>`,
    );
  const olderReleases =
    options.impl === undefined
      ? selected.map((s) => s.implementation.name).filter((n) => !pinnedNames().includes(n) && defaultNames().includes(n))
      : [];
  if (selected.length === 0)
    throw new UsageError(
      `no implementation selected: --impl ${JSON.stringify(options.impl ?? "")} names none (known: ${knownNames().join(", ")})`,
    );
  // A checkout's failures are not the release's gaps: they would be written into the kit's own file.
  const checkout = [...selected, ...unchecked].find(
    (s) => s.implementation.name.includes("@path:") && !(options.expectations ?? []).some((e) => e.startsWith(`${s.implementation.name}=`)),
  );
  if (options.updateExpectations && checkout)
    throw new UsageError(
      `--update-expectations with ${checkout.implementation.name} needs --expectations ${checkout.implementation.name}=<file>: without it the checkout's failures would be written into the kit's ${checkout.expectationsFile}`,
    );
  return { require, shard: shard ?? undefined, selected, unchecked, olderReleases };
}

function hasOwnFile(options: RunSelectionOptions, name: string): boolean {
  return (options.expectations ?? []).some((e) => e.startsWith(`${name}=`));
}

/** `--unchecked`: the implementations named, selected for their expectations files only (never started). */
function uncheckedSelection(options: RunSelectionOptions, names: readonly string[]): SelectedImplementations {
  if (names.length === 0) return [];
  const own = (options.expectations ?? []).filter((e) => names.some((n) => e.startsWith(`${n}=`)));
  const chosen = selectFromOptions({ ...options, impl: names.join(","), adapter: [], expectations: own });
  const none = chosen.find((s) => s.expectationsFile === undefined);
  if (none)
    throw new UsageError(
      `--unchecked ${none.implementation.name}: it has no expectations file to mark (--expectations ${none.implementation.name}=<file> names one)`,
    );
  return chosen;
}

/**
 * `--suite` less `--exclude-suite`, as the explicit list the run selects (and records in its
 * settings, so `compare` counts the excluded suites' vectors as not selected, never as removed).
 * Without --exclude-suite the list is --suite's as given (empty: the default set).
 */
export function suitesAfterExclusion(corpus: Corpus, suites: readonly string[], excluded: readonly string[]): string[] {
  if (excluded.length === 0) return [...suites];
  const known = corpus.suites.map((s) => s.name);
  const unknown = excluded.find((s) => !known.includes(s));
  if (unknown !== undefined)
    throw new UsageError(`--exclude-suite: unknown suite "${unknown}"${didYouMean(unknown, known)} (known: ${known.join(", ")})`);
  const from = suites.length > 0 ? suites : corpus.suites.filter((s) => s.opt_in === undefined).map((s) => s.name);
  const left = from.filter((s) => !excluded.includes(s));
  if (left.length === 0) throw new UsageError(`--exclude-suite ${excluded.join(",")} leaves no suite of ${from.join(", ")}`);
  return left;
}
