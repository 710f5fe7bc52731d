/**
 * Which corpus vectors show each kind of disagreement: the corpus inputs of the fuzzed operations
 * go through the same implementations and the same classification as generated ones, so a kind
 * fuzz meets is linked to the vectors (expectations gaps, observe vectors) that already pin it.
 */
import type { Implementation } from "../model/implementation.ts";
import type { Corpus } from "../model/vector.ts";
import { ask, kindKey, kindsAgainst } from "./answers.ts";

/** Vector ids by `<implementation>\0<kind>`. */
export type CorpusKinds = ReadonlyMap<string, readonly string[]>;

export async function corpusKinds(
  corpus: Corpus,
  ops: readonly string[],
  implementations: readonly Implementation[],
  pivot: string,
): Promise<CorpusKinds> {
  const wanted = new Set(ops);
  const vectors = corpus.suites.flatMap((s) => s.vectors.filter((v) => wanted.has(v.op)));
  const outcomes = await Promise.all(vectors.map((v) => ask(v.op, v.input, implementations)));
  const byKind = new Map<string, string[]>();
  outcomes.forEach((outcome, i) => {
    const vector = vectors[i]!;
    if (outcome.classes.length < 2) return;
    for (const impl of implementations) {
      for (const kind of kindsAgainst(vector.op, outcome.classes, pivot, impl.name)) {
        const key = kindKey(impl.name, kind);
        byKind.set(key, [...(byKind.get(key) ?? []), vector.id]);
      }
    }
  });
  return byKind;
}
