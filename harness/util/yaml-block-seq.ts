/**
 * The block sequence under `key` of a YAML document being edited in place, created empty when
 * absent or not a sequence: the expectations, unchecked marks and fuzz baselines all append to one.
 */
import { type Document, isSeq, YAMLSeq } from "yaml";

export function blockSeq(doc: Document, key: string): YAMLSeq {
  let seq = doc.get(key);
  if (!isSeq(seq)) {
    seq = new YAMLSeq();
    doc.set(key, seq);
  }
  const block = seq as YAMLSeq;
  block.flow = false;
  return block;
}
