// A small explicit-id corpus for driver tests: 12 valid ids, some carrying fault markers.
import { expect } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { tempCorpus } from "../corpus/temp-corpus.ts";

export const MARKERS = ["CRASH", "HANG", "GARBAGE", "UNKNOWNID", "STDERR"] as const;

function vector(name: string): string {
  return [
    `  - id: explicit-id/fault/${name.toLowerCase()}`,
    `    description: valid id ${name}`,
    "    spec: { file: x.md, section: s }",
    "    tier: must",
    "    op: bundle_id.validate",
    `    input: { bundle_id: ${name} }`,
    "    expected: { accepted: true, reason: null }",
    "    covers: [data-structures/bundleid/3]",
  ].join("\n");
}

export function faultVectors(): Vector[] {
  const names = ["a1", "a2", "a3", ...MARKERS, "b1", "b2", "b3", "b4"];
  const file = ["suite: explicit-id", "provenance: { source: authored }", "vectors:", ...names.map(vector)].join("\n");
  const corpus = loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/fault.yaml": file })] });
  return selectVectors(corpus, { filter: "explicit-id/fault/" });
}

/** Every case but `except` passed, and there are as many as the fault corpus holds. */
export function expectOthersPass(status: Record<string, string>, except: string, total: number): void {
  const others = Object.entries(status).filter(([name]) => name !== except);
  expect(others.length).toBe(total - 1);
  expect(others.every(([, s]) => s === "pass")).toBe(true);
}
