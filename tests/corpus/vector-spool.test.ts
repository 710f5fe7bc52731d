// The corpus as a run holds it: each file's payloads on disk, slim vectors in memory. Loading the
// kit's own corpus that way must give the same vectors, field by field, and the same report records.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { VectorSpool } from "../../harness/corpus/vector-spool.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { recordOf, vectorRecord } from "../../harness/model/vector-record.ts";

const FIELDS: ReadonlyArray<keyof Vector> = [
  "id",
  "suite",
  "description",
  "spec",
  "tier",
  "op",
  "provenance",
  "input",
  "expected",
  "expected_error",
  "since",
  "until",
  "optional",
  "covers",
  "near",
  "needs",
  "content_hash",
  "source",
];

describe("vector spool", () => {
  // A cache of 16 recent lines: the corpus is read back from the file, not from what was kept.
  const spool = new VectorSpool(join(mkdtempSync(join(tmpdir(), "vspool-")), "vectors.jsonl"), 16);
  afterAll(() => spool.close());
  const files: number[] = [];
  const plain = loadCorpus().suites.flatMap((s) => s.vectors);
  const spooled = loadCorpus({
    keep: (built) => {
      files.push(built.length);
      return spool.keep(built);
    },
  }).suites.flatMap((s) => s.vectors);

  it("is handed the corpus file by file", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.reduce((a, b) => a + b, 0)).toBe(plain.length);
  });

  it("gives every vector back field by field, in the same order", () => {
    expect(spooled.map((v) => v.id)).toEqual(plain.map((v) => v.id));
    // Twice: the second pass reads every line from the file again.
    for (let pass = 0; pass < 2; pass++)
      plain.forEach((v, i) => {
        for (const field of FIELDS) expect(spooled[i]![field], `${v.id} ${field}`).toEqual(v[field]);
      });
  });

  it("is its own report record, and serialises as the record of the plain vector", () => {
    plain.forEach((v, i) => {
      const record = recordOf(spooled[i]!);
      expect(record).toBe(spooled[i]);
      expect(JSON.stringify(record)).toBe(JSON.stringify(vectorRecord(v)));
    });
    // A plain vector is copied into a record as before.
    expect(recordOf(plain[0]!)).toEqual(vectorRecord(plain[0]!));
  });

  it("refuses to read once closed", () => {
    const other = new VectorSpool(join(mkdtempSync(join(tmpdir(), "vspool-")), "vectors.jsonl"));
    const [kept] = other.keep([plain.at(-1)!]);
    other.close();
    expect(() => kept!.input).toThrow(/read after the run closed it/);
  });
});
