// The builder's compact statuses (a byte per implementation and vector) read back as the list of
// cases would: the same cases, and the same last status per case when a case comes twice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CaseStatuses } from "../../harness/model/case-statuses.ts";
import type { StatusOfCase } from "../../harness/model/report.ts";
import { STATUSES } from "../../harness/model/status.ts";

const IDS = ["s/v/0", "s/v/1", "s/v/2", "s/v/3"];
const adds = fc.array(
  fc.record({
    vector_id: fc.constantFrom(...IDS, "not/listed/9"),
    implementation: fc.constantFrom("reference", "python", "rust"),
    status: fc.constantFrom(...STATUSES),
  }),
  { maxLength: 40 },
);

const key = (c: StatusOfCase) => `${c.implementation} ${c.vector_id} ${c.status}`;

function lastStatus(cases: Iterable<StatusOfCase>): Map<string, string> {
  const last = new Map<string, string>();
  for (const c of cases) last.set(`${c.implementation} ${c.vector_id}`, c.status);
  return last;
}

describe("case statuses", () => {
  it("hold every case once, and the last status of a case put twice", () => {
    fc.assert(
      fc.property(adds, (cases) => {
        const statuses = new CaseStatuses(IDS);
        for (const c of cases) statuses.add(c);
        const read = [...statuses];
        expect(read.map(key).sort()).toEqual(cases.map(key).sort());
        expect(lastStatus(read)).toEqual(lastStatus(cases));
      }),
      { numRuns: 300 },
    );
  });
});
