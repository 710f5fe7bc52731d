/**
 * Each vector of a report against the corpus it was read from. The content hash in the report only
 * shows an edit made without recomputing it; a forger who edits a vector's expected value and
 * recomputes its hash (and its cases') passed the audit. The corpus at the report's roots is the
 * witness the report cannot rewrite: a vector whose hash differs from the corpus's is a
 * disagreement. A corpus that cannot be read, or no longer holds a vector, is a note.
 */
import { CorpusError } from "../corpus/errors.ts";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { KIT_VECTORS_DIR } from "../model/kit-files.ts";
import type { VectorRecord } from "../model/report.ts";

/** Loaded corpora by their roots: one audit process reads each corpus once. */
const loaded = new Map<string, ReadonlyMap<string, string> | string>();

function corpusHashes(roots: readonly string[]): ReadonlyMap<string, string> | string {
  const key = roots.join("\u0000");
  const cached = loaded.get(key);
  if (cached !== undefined) return cached;
  let result: ReadonlyMap<string, string> | string;
  try {
    const corpus = loadCorpus({ kitCorpus: roots[0] === KIT_VECTORS_DIR, extraRoots: roots.filter((r) => r !== KIT_VECTORS_DIR) });
    result = new Map(corpus.suites.flatMap((s) => s.vectors.map((v) => [v.id, v.content_hash] as const)));
  } catch (error) {
    if (!(error instanceof CorpusError) && !(error instanceof Error)) throw error;
    result = (error as Error).message.split("\n")[0]!;
  }
  loaded.set(key, result);
  return result;
}

export function matchCorpus(roots: unknown, vectors: readonly VectorRecord[], problems: string[], notes: string[]): void {
  if (!Array.isArray(roots) || roots.length === 0 || !roots.every((r) => typeof r === "string")) return; // the frame check names it
  const hashes = corpusHashes(roots);
  if (typeof hashes === "string") {
    notes.push(`the corpus at ${roots.join(", ")} cannot be read (${hashes}): the vectors are checked against their own hashes only`);
    return;
  }
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
