/**
 * Narrows a loaded corpus to the suites, tiers and ids a run asked for. A selection that keeps no
 * vector is a usage error naming what was empty: a typo in CI must never show as a green job.
 *
 * Filter syntax, one rule: with `*` or `?` it is a glob over the whole id (`*` any run of
 * characters, `/` included; `?` one character); without them it is a substring of the id.
 */

import type { Corpus, Tier, Vector } from "../model/vector.ts";
import { closest, didYouMean } from "../util/did-you-mean.ts";
import { UsageError } from "../util/usage-error.ts";

export const TIERS: readonly Tier[] = ["must", "should", "observe"];

export interface Selection {
  readonly suites?: readonly string[];
  /** A glob over the whole id (`*`, `?`), or a substring when it has neither. */
  readonly filter?: string;
  readonly tiers?: readonly string[];
  /** Exact vector ids (e.g. --last-failed): unknown ones are dropped, they may have been renamed since. */
  readonly ids?: readonly string[];
}

/** Whether the filter is a glob (has `*` or `?`) rather than a substring. */
export function isGlob(filter: string): boolean {
  return /[*?]/.test(filter);
}

/** The id test for a filter (see the module comment). */
export function filterMatcher(filter: string): (id: string) => boolean {
  if (!isGlob(filter)) return (id) => id.includes(filter);
  const body = [...filter].map((ch) => (ch === "*" ? ".*" : ch === "?" ? "." : ch.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  const pattern = new RegExp(`^${body}$`, "s");
  return (id) => pattern.test(id);
}

function checkNames(kind: string, flag: string, asked: readonly string[], known: readonly string[]): void {
  const unknown = asked.filter((s) => !known.includes(s));
  if (unknown.length > 0) {
    const s = unknown[0]!;
    throw new UsageError(`${flag}: unknown ${kind} "${s}"${didYouMean(s, known)} (known: ${known.join(", ")})`);
  }
}

/** Suggestions for a filter that matched nothing: ids or id parts close to it. */
function filterHint(filter: string, ids: readonly string[]): string {
  const plain = filter.replace(/[*?]/g, "");
  const parts = [...new Set(ids.flatMap((id) => id.split("/")))];
  let near = [...closest(plain, ids, 2), ...closest(plain, parts, 3)].map((n) => `"${n}"`);
  if (near.length === 0) {
    // Nothing close as a whole: the words of the filter that do match something, with how much.
    const words = [...new Set(plain.split(/[-/_.\s]+/).filter((w) => w.length >= 4))];
    near = words.flatMap((w) => {
      const n = ids.filter((id) => id.includes(w)).length;
      return n > 0 ? [`"${w}" (${n} vectors)`] : [];
    });
  }
  const mean = near.length ? `; did you mean ${near.join(" or ")}?` : "";
  const syntax = isGlob(filter)
    ? ` (a filter with * or ? must match the whole id: try *${plain}*)`
    : " (a filter without * or ? matches any part of the id)";
  return `${mean}${syntax}`;
}

export function selectVectors(corpus: Corpus, selection: Selection): Vector[] {
  const known = corpus.suites.map((s) => s.name);
  checkNames("suite", "--suite", selection.suites ?? [], known);
  checkNames("tier", "--tier", selection.tiers ?? [], TIERS);
  const wanted = selection.suites && selection.suites.length > 0 ? new Set(selection.suites) : undefined;
  const tiers = selection.tiers && selection.tiers.length > 0 ? new Set(selection.tiers) : undefined;
  const ids = selection.ids ? new Set(selection.ids) : undefined;
  const inScope = corpus.suites
    .filter((s) => (wanted ? wanted.has(s.name) : s.opt_in === undefined))
    .flatMap((s) => s.vectors)
    .filter((v) => (!tiers || tiers.has(v.tier)) && (!ids || ids.has(v.id)));
  const keep = selection.filter ? filterMatcher(selection.filter) : () => true;
  const chosen = inScope.filter((v) => keep(v.id));
  if (chosen.length === 0) throw new UsageError(emptyMessage(selection, inScope));
  return chosen;
}

/** Names what made the selection empty, with a did-you-mean where one fits. */
function emptyMessage(selection: Selection, inScope: readonly Vector[]): string {
  const scope = [
    selection.suites?.length ? `suite ${selection.suites.join(",")}` : "",
    selection.tiers?.length ? `tier ${selection.tiers.join(",")}` : "",
    selection.ids ? `the ${selection.ids.length} ids asked for` : "",
  ]
    .filter(Boolean)
    .join(", ");
  if (inScope.length === 0) return `no vector selected: nothing in ${scope || "the corpus"}`;
  return `no vector selected: --filter ${JSON.stringify(selection.filter)} matches none of the ${inScope.length} vectors${
    scope ? ` in ${scope}` : ""
  }${filterHint(
    selection.filter ?? "",
    inScope.map((v) => v.id),
  )}`;
}
