/**
 * The corpus's required vectors, as a report records them (report.corpus.required): every must and
 * should vector outside opt-in suites and composed interop cells, selected or not. A statement over
 * fewer is a selection (statement.ts); audit recomputes this list from the corpus at the report's roots.
 */
import { isComposedOp } from "./operations.ts";
import type { CorpusRequired } from "./statement.ts";
import type { Corpus } from "./vector.ts";

export function corpusRequired(corpus: Pick<Corpus, "suites">): CorpusRequired[] {
  return corpus.suites
    .filter((s) => s.opt_in === undefined)
    .flatMap((s) => s.vectors)
    .flatMap((v) =>
      v.tier === "observe" || isComposedOp(v.op)
        ? []
        : [{ id: v.id, op: v.op, tier: v.tier, since: v.since, ...(v.until !== undefined ? { until: v.until } : {}) }],
    );
}
