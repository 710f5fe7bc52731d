/** Narrows a loaded corpus to the suites and ids a run asked for. */

import type { Corpus, Vector } from "../model/vector.ts";
import { CorpusError } from "./errors.ts";

export interface Selection {
  readonly suites?: readonly string[];
  /** Substring of the vector id, or a pattern with `*` wildcards. */
  readonly filter?: string;
}

function matcher(filter: string): (id: string) => boolean {
  if (!filter.includes("*")) return (id) => id.includes(filter);
  const pattern = new RegExp(
    `^${filter
      .split("*")
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return (id) => pattern.test(id);
}

export function selectVectors(corpus: Corpus, selection: Selection): Vector[] {
  const known = new Set(corpus.suites.map((s) => s.name));
  const unknown = (selection.suites ?? []).filter((s) => !known.has(s));
  if (unknown.length > 0) {
    throw new CorpusError(
      unknown.map((s) => ({
        code: "corpus.unknown_suite" as const,
        file: "--suite",
        message: `unknown suite "${s}" (known: ${[...known].join(", ")})`,
      })),
    );
  }
  const wanted = selection.suites && selection.suites.length > 0 ? new Set(selection.suites) : undefined;
  const keep = selection.filter ? matcher(selection.filter) : () => true;
  return corpus.suites.filter((s) => !wanted || wanted.has(s.name)).flatMap((s) => s.vectors.filter((v) => keep(v.id)));
}
