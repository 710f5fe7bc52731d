// Corpus inputs for bench.loop tests: per operation, every vector's input. Both give a mix of answers:
// identity_bytes refuses some configs (error), collisions has identities some SDKs cannot take (unsupported).
import { expect } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import type { Implementation } from "../../harness/model/implementation.ts";

export const BENCH_OPS = ["bundle_id.identity_bytes", "env_var.collisions"] as const;

/** A lone surrogate escape: the Rust adapter cannot read such a request line at all (protocol README). */
const LONE_SURROGATE = /\\ud[89a-f][0-9a-f]{2}/i;

export function corpusInputs(op: string): Record<string, unknown>[] {
  return selectVectors(loadCorpus(), {})
    .filter((v) => v.op === op && v.needs === undefined && !LONE_SURROGATE.test(JSON.stringify(v.input)))
    .map((v) => v.input);
}

/** ok / errors as individual calls count them: ok:true results vs. everything else answered. */
export async function countOneByOne(
  impl: Implementation,
  op: string,
  inputs: readonly Record<string, unknown>[],
): Promise<{ ok: number; errors: number }> {
  const answers = await Promise.all(inputs.map((input) => impl.call(op, input)));
  const kinds = answers.map((a) => a.result.kind);
  expect(kinds.filter((k) => k !== "ok" && k !== "error" && k !== "unsupported")).toEqual([]);
  const ok = kinds.filter((k) => k === "ok").length;
  return { ok, errors: inputs.length - ok };
}
