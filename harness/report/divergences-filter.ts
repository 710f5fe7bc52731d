/**
 * Narrowing the divergence catalogue (issue 45, item 4): by SDK, by page / section and by kind, so
 * a maintainer reads the part that is theirs. A pure function of the catalogue; the filters applied
 * are kept in it, so every rendering says what it shows.
 */
import { UsageError } from "../util/usage-error.ts";
import type { DivergenceCatalogue, OpenPointKind } from "./divergences.ts";

/** The kinds as the command's `--kind` names them: the three open-point kinds and the MUST breaks. */
export const DIVERGENCE_KINDS = {
  disagreement: "observe_disagreement",
  contradiction: "contradiction",
  "spec-silent": "spec_silent_mutant",
  "must-break": "must_break",
} as const satisfies Record<string, OpenPointKind | "must_break">;
export type DivergenceKind = keyof typeof DIVERGENCE_KINDS;

export interface DivergenceFilters {
  /** Implementations by name (`python@0.4.2`) or by family (`python`, every implementation of it). */
  readonly sdk?: readonly string[];
  /** Text the point's "<page> §<section>" holds, any case (`desktop`, `§渲染规则`). */
  readonly section?: string;
  readonly kind?: readonly DivergenceKind[];
}

/** `--kind a,b`: each a known kind, else a usage error naming them. */
export function parseKinds(value: string | undefined): DivergenceKind[] | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "");
  for (const k of names)
    if (!(k in DIVERGENCE_KINDS))
      throw new UsageError(`divergences --kind ${JSON.stringify(k)}: not a kind (kinds: ${Object.keys(DIVERGENCE_KINDS).join(", ")})`);
  return names as DivergenceKind[];
}

/** Whether an implementation is one the `--sdk` names select: the name itself, or its family (the part before `@`). */
function selects(names: readonly string[], implementation: string): boolean {
  const family = implementation.split("@")[0]!;
  return names.includes(implementation) || names.includes(family);
}

/**
 * The catalogue narrowed. `--sdk` keeps the disagreements an answer of a selected implementation
 * takes part in and that implementation's MUST breaks (a contradiction between two statements or a
 * reference mutant is no SDK's, so none is kept); an `--sdk` naming no implementation of the report
 * is a usage error listing them.
 */
export function filterCatalogue(c: DivergenceCatalogue, filters: DivergenceFilters): DivergenceCatalogue {
  const { sdk, section, kind } = filters;
  if (sdk && sdk.length > 0) {
    const known = c.must_breaks.map((m) => m.implementation);
    const unknown = sdk.filter((s) => !known.some((k) => selects([s], k)));
    if (unknown.length > 0)
      throw new UsageError(`divergences --sdk ${unknown.join(",")}: the report has no such implementation (it has ${known.join(", ")})`);
  }
  const needle = section?.toLowerCase();
  const inSection = (s: string) => needle === undefined || s.toLowerCase().includes(needle);
  const kinds = kind && kind.length > 0 ? new Set(kind.map((k) => DIVERGENCE_KINDS[k])) : undefined;
  const bySdk = sdk && sdk.length > 0 ? sdk : undefined;
  const open = c.open.filter(
    (p) =>
      (kinds === undefined || kinds.has(p.kind)) &&
      inSection(p.section) &&
      (bySdk === undefined || (p.answers ?? []).some((a) => a.implementations.some((i) => selects(bySdk, i)))),
  );
  const must_breaks = c.must_breaks
    .filter((m) => (kinds === undefined || kinds.has("must_break")) && (bySdk === undefined || selects(bySdk, m.implementation)))
    .map((m) => ({ ...m, breaks: m.breaks.filter((b) => inSection(b.section)) }));
  const applied = {
    ...(bySdk ? { sdk: [...bySdk] } : {}),
    ...(section !== undefined ? { section } : {}),
    ...(kind && kind.length > 0 ? { kind: [...kind] } : {}),
  };
  return { ...c, open, must_breaks, ...(Object.keys(applied).length > 0 ? { filters: applied } : {}) };
}

/** The filters in words, for a heading: "filtered: sdk python; section desktop; kind must-break". */
export function filtersText(filters: DivergenceFilters | undefined): string | undefined {
  if (!filters) return undefined;
  const parts = [
    ...(filters.sdk ? [`sdk ${filters.sdk.join(", ")}`] : []),
    ...(filters.section !== undefined ? [`section containing "${filters.section}"`] : []),
    ...(filters.kind ? [`kind ${filters.kind.join(", ")}`] : []),
  ];
  return parts.length > 0 ? `filtered: ${parts.join("; ")}` : undefined;
}
