/**
 * Each vector of a report against the corpus it was read from. The content hash in the report only
 * shows an edit made without recomputing it; a forger who edits a vector's expected value and
 * recomputes its hash (and its cases') passed the audit. The corpus at the report's roots is the
 * witness the report cannot rewrite: a vector whose hash differs from the corpus's is a
 * disagreement. A corpus that cannot be read, or no longer holds a vector, is a note.
 */
import { CorpusError } from "../corpus/errors.ts";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { corpusRequired } from "../model/corpus-required.ts";
import { KIT_VECTORS_DIR } from "../model/kit-files.ts";
import type { VectorRecord } from "../model/report.ts";
import { canonicalJson } from "../util/canonical-json.ts";

interface CorpusWitness {
  readonly hashes: ReadonlyMap<string, string>;
  /** What a report of this corpus records as its required vectors (canonical JSON, to compare whole). */
  readonly required: string;
}

/** Loaded corpora by their roots: one audit process reads each corpus once. */
const loaded = new Map<string, CorpusWitness | string>();

function corpusWitness(roots: readonly string[]): CorpusWitness | string {
  const key = roots.join("\u0000");
  const cached = loaded.get(key);
  if (cached !== undefined) return cached;
  let result: CorpusWitness | string;
  try {
    const corpus = loadCorpus({ kitCorpus: roots[0] === KIT_VECTORS_DIR, extraRoots: roots.filter((r) => r !== KIT_VECTORS_DIR) });
    result = {
      hashes: new Map(corpus.suites.flatMap((s) => s.vectors.map((v) => [v.id, v.content_hash] as const))),
      required: canonicalJson(corpusRequired(corpus)),
    };
  } catch (error) {
    if (!(error instanceof CorpusError) && !(error instanceof Error)) throw error;
    result = (error as Error).message.split("\n")[0]!;
  }
  loaded.set(key, result);
  return result;
}

/**
 * `required` is the report's record of the corpus's required vectors: the statements' scopes rest on
 * it, so one edited to match a selection (a selection read as a whole-corpus claim) is a disagreement.
 */
export function matchCorpus(
  roots: unknown,
  vectors: readonly VectorRecord[],
  problems: string[],
  notes: string[],
  required?: unknown,
): void {
  if (!Array.isArray(roots) || roots.length === 0 || !roots.every((r) => typeof r === "string")) return; // the frame check names it
  const witness = corpusWitness(roots);
  if (typeof witness === "string") {
    notes.push(`the corpus at ${roots.join(", ")} cannot be read (${witness}): the vectors are checked against their own hashes only`);
    return;
  }
  const { hashes } = witness;
  if (required !== undefined && canonicalJson(required) !== witness.required)
    problems.push(
      `corpus.required differs from the required vectors of the corpus at ${roots.join(", ")}: the statements' scopes rest on it (edited, or the corpus changed since the run)`,
    );
  const gone: string[] = [];
  for (const v of vectors) {
    const hash = hashes.get(v.id);
    if (hash === undefined) gone.push(v.id);
    else if (hash !== v.content_hash)
      problems.push(
        `vector ${v.id}: its content hash differs from the corpus's (${v.source?.file ?? "its file"}): the vector in the report was edited (its hash recomputed), or the corpus changed since the run`,
      );
  }
  if (gone.length > 0)
    notes.push(
      `${gone.length} vectors are not in the corpus at ${roots.join(", ")} now (e.g. ${gone[0]}): checked against their own hashes only`,
    );
}
