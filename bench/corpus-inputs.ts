/**
 * Realistic inputs: every corpus vector's input for an operation, loaded with the kit's own corpus
 * loader, so the SDKs answer the mix of accepts, rejections and refusals a real run sends.
 */
import { loadCorpus } from "../harness/corpus/load-corpus.ts";

export type Inputs = readonly Record<string, unknown>[];

let byOp: Map<string, Record<string, unknown>[]> | undefined;

export function corpusInputs(op: string): Inputs {
  if (!byOp) {
    byOp = new Map();
    for (const vector of loadCorpus().suites.flatMap((s) => s.vectors)) {
      if (vector.needs !== undefined) continue; // never sent by a run either
      const list = byOp.get(vector.op) ?? [];
      list.push(vector.input);
      byOp.set(vector.op, list);
    }
  }
  const inputs = byOp.get(op);
  if (!inputs || inputs.length === 0) throw new Error(`the corpus has no vectors for ${op}`);
  return inputs;
}
