/**
 * `run --update-expectations --unchecked <impl>`: promotion without building every SDK version.
 * The named implementation is not started (no venv, no cargo build); each selected vector its
 * expectations file does not list yet is written under `unchecked:` with a reason saying it was
 * never run for that implementation. A later run of that implementation with
 * `--update-expectations` checks it for real and drops the mark (updateExpectations): a failure is
 * then listed as a gap with a reason to fill in, a pass needs nothing.
 */
import { existsSync, readFileSync } from "node:fs";
import { isMap, isSeq, parseDocument } from "yaml";
import { writeAtomic } from "../util/write-atomic.ts";
import { blockSeq } from "../util/yaml-block-seq.ts";
import { holdBlockScalars, restoreBlockScalars } from "./keep-folded.ts";

export interface UncheckedSummary {
  readonly file: string;
  readonly marked: readonly string[];
  /** Vectors the file already lists (as a gap or unchecked): left as they are. */
  readonly listed: readonly string[];
}

export const uncheckedReason = (implementation: string): string =>
  `unchecked for ${implementation}: not run when this vector was added (--unchecked); a run of ${implementation} with --update-expectations checks it and drops this mark`;

export function markUnchecked(file: string, implementation: string, ids: readonly string[]): UncheckedSummary {
  const text = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  const doc = parseDocument(text ?? `implementation: ${implementation}\ngaps: []\n`);
  const listedIds = new Set<string>();
  for (const key of ["gaps", "unchecked"]) {
    const seq = doc.get(key);
    if (isSeq(seq)) for (const item of seq.items) if (isMap(item)) listedIds.add(String(item.get("id")));
  }
  const marked = ids.filter((id) => !listedIds.has(id));
  const listed = ids.filter((id) => listedIds.has(id));
  if (marked.length === 0) return { file, marked, listed }; // nothing to write
  const unchecked = blockSeq(doc, "unchecked");
  for (const id of marked) {
    const node = doc.createNode({ id, reason: uncheckedReason(implementation) });
    node.flow = false;
    unchecked.add(node);
  }
  const held = text === undefined ? new Map<string, string>() : holdBlockScalars(doc, text);
  writeAtomic(file, restoreBlockScalars(doc.toString({ lineWidth: 0 }), held));
  return { file, marked, listed };
}

/** Drops the unchecked marks of vectors a run of the implementation has now checked; returns their ids. */
export function dropChecked(doc: { get(key: string): unknown }, ran: ReadonlySet<string>): string[] {
  const seq = doc.get("unchecked");
  if (!isSeq(seq)) return [];
  const dropped: string[] = [];
  seq.items = seq.items.filter((item) => {
    const id = isMap(item) ? String(item.get("id")) : "";
    if (!ran.has(id)) return true;
    dropped.push(id);
    return false;
  });
  return dropped;
}
