/**
 * The kit-shaped export: one file per pure operation (input → output), every judged vector of it
 * from every suite, each entry with the same keys (absent values are null), so a consumer needs one
 * loader per operation. Observe-tier vectors (no judged answer) and vectors that need a capability
 * the kit lacks are left out; transport operations need a live server and are not exported.
 */
import { opDefinition } from "../model/operations.ts";
import type { Corpus, Vector } from "../model/vector.ts";

export interface OpEntry {
  readonly id: string;
  readonly suite: string;
  readonly tier: string;
  readonly description: string;
  readonly spec: string;
  readonly since: string;
  readonly until: string | null;
  readonly input: unknown;
  readonly expected: unknown;
  readonly expected_error: unknown;
}

/** A vector whose expected answer an SDK's own test can check offline. */
export function exportable(v: Vector): boolean {
  return (
    v.tier !== "observe" &&
    v.needs === undefined &&
    opDefinition(v.op)?.kind === "pure" &&
    (v.expected !== undefined || v.expected_error !== undefined)
  );
}

function entry(v: Vector): OpEntry {
  return {
    id: v.id,
    suite: v.suite,
    tier: v.tier,
    description: v.description,
    spec: `${v.spec.file} § ${v.spec.section}`,
    since: v.since,
    until: v.until ?? null,
    input: v.input,
    expected: v.expected ?? null,
    expected_error: v.expected_error ?? null,
  };
}

/** Every exportable operation with its entries, in corpus order, operations sorted by name. */
export function opEntries(corpus: Corpus): Map<string, OpEntry[]> {
  const byOp = new Map<string, OpEntry[]>();
  for (const v of corpus.suites.flatMap((s) => s.vectors).filter(exportable)) {
    const list = byOp.get(v.op) ?? [];
    list.push(entry(v));
    byOp.set(v.op, list);
  }
  return new Map([...byOp].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
