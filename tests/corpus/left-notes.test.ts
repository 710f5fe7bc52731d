// A requirement's `left:` note says why no vector covers it yet: once one does, the note is stale
// and would tell a corpus author the wrong thing.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";

describe("left notes in the requirements index", () => {
  it("no statement a vector covers still carries a left note", () => {
    const corpus = loadCorpus();
    const covered = new Set(corpus.suites.flatMap((s) => s.vectors.flatMap((v) => v.covers)));
    const stale = [...corpus.requirements.values()].filter((r) => r.left !== undefined && covered.has(r.id)).map((r) => r.id);
    expect(stale).toEqual([]);
  });
});
