// The run's case store on disk: records come back in corpus order whatever order they were put in,
// the last put of a case wins, each helper reads only what it asks for, and closing removes the spool.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { caseStatuses, casesOf, casesOfVectors, casesWith } from "../../harness/model/case-list.ts";
import type { CaseRecord } from "../../harness/model/report.ts";
import { STATUSES } from "../../harness/model/status.ts";
import { MemoryCaseStore, removeAbandonedSpools, SpoolCaseStore, spoolDir } from "../../harness/run/case-store.ts";

const IMPLS = ["reference", "python", "rust"];

function record(impl: string, id: string, status: CaseRecord["status"], note: string): CaseRecord {
  return { vector_id: id, implementation: impl, status, suite: "s", note } as unknown as CaseRecord;
}

const ops = fc.array(
  fc.record({
    impl: fc.nat({ max: 2 }),
    index: fc.nat({ max: 39 }),
    status: fc.constantFrom(...STATUSES),
    note: fc.string({ maxLength: 300 }),
  }),
  { maxLength: 150 },
);

describe("case store", () => {
  it("gives back what an in-memory list gives, whatever the order cases were put in", () => {
    fc.assert(
      fc.property(ops, (puts) => {
        const ids = Array.from({ length: 40 }, (_, i) => `s/v/${i}`);
        const disk = new SpoolCaseStore(spoolDir(mkdtempSync(join(tmpdir(), "spool-"))), IMPLS, ids);
        const memory = new MemoryCaseStore(IMPLS.length, ids.length);
        for (const p of puts) {
          const c = record(IMPLS[p.impl]!, ids[p.index]!, p.status, p.note);
          disk.put(p.impl, p.index, c, JSON.stringify(c));
          memory.put(p.impl, p.index, c);
        }
        const expected = memory.list();
        const list = disk.list();
        expect([...list]).toEqual(expected);
        expect(list.length).toBe(expected.length);
        expect([...(list.texts?.() ?? [])].map((t) => JSON.parse(t))).toEqual(expected);
        // Statuses come from the store's own index, never from a parsed record, in the same order.
        expect([...caseStatuses(list)]).toEqual(
          expected.map((c) => ({ vector_id: c.vector_id, implementation: c.implementation, status: c.status })),
        );
        expect(casesWith(list, ["fail", "stale"])).toEqual(expected.filter((c) => c.status === "fail" || c.status === "stale"));
        expect([...casesOf(list, "python")]).toEqual(expected.filter((c) => c.implementation === "python"));
        const some = new Set(ids.slice(5, 9));
        expect(casesOfVectors(list, some)).toEqual(expected.filter((c) => some.has(c.vector_id)));
        for (let i = 0; i < ids.length; i++) expect(disk.get(1, i)).toEqual(memory.get(1, i));
        disk.close();
      }),
      { numRuns: 60 },
    );
  });

  it("reads records longer than its read window, and a spool closed is gone", () => {
    const out = mkdtempSync(join(tmpdir(), "spool-"));
    const dir = spoolDir(out);
    const store = new SpoolCaseStore(dir, ["x"], ["a/b/1", "a/b/2", "a/b/3"]);
    const big = record("x", "a/b/2", "fail", "z".repeat(5 * 1024 * 1024));
    store.put(0, 2, record("x", "a/b/3", "pass", "é"), JSON.stringify(record("x", "a/b/3", "pass", "é")));
    store.put(0, 1, big, JSON.stringify(big));
    store.put(0, 0, record("x", "a/b/1", "pass", ""), JSON.stringify(record("x", "a/b/1", "pass", "")));
    expect([...store.list()].map((c) => [c.vector_id, c.note?.length])).toEqual([
      ["a/b/1", 0],
      ["a/b/2", 5 * 1024 * 1024],
      ["a/b/3", 1],
    ]);
    expect(existsSync(dir)).toBe(true);
    store.close();
    expect(existsSync(dir)).toBe(false);
  });

  it("removes the spools of processes that are gone, and keeps live ones", () => {
    const out = mkdtempSync(join(tmpdir(), "spool-"));
    const mine = new SpoolCaseStore(spoolDir(out), ["x"], []);
    // A pid that cannot be running: above the kernel's pid limit.
    const gone = join(out, ".cases-4194399-deadbeef");
    new SpoolCaseStore(gone, ["x"], []);
    removeAbandonedSpools(out);
    expect(readdirSync(out).filter((n) => n.startsWith(".cases-"))).toHaveLength(1);
    expect(existsSync(gone)).toBe(false);
    mine.close();
  });
});
