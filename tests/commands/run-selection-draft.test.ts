// At a draft revision the default matrix is the reference's draft reading and the pinned releases: the older
// releases' behaviour predates what the draft changes (issue 44, item 6).
import { describe, expect, it } from "vitest";
import { selectRun } from "../../harness/commands/run-selection.ts";
import { defaultNames, pinnedNames } from "../../harness/impl/registry.ts";

const base = { adapter: [], expectations: [] };
const names = (protocol?: string) => selectRun({ ...base, ...(protocol ? { protocol } : {}) }).selected.map((s) => s.implementation.name);

describe("the default matrix at a draft", () => {
  it("keeps the pinned releases and leaves the older ones out; a released revision keeps them", () => {
    expect(defaultNames().some((n) => !pinnedNames().includes(n))).toBe(true); // there are older releases to leave out
    // The reference at a draft is its reading that implements the draft (its Server's room model).
    expect(names("0.5.0-dev")).toEqual(pinnedNames().map((n) => (n === "reference" ? "reference@0.5.0-dev" : n)));
    expect(names("0.4.0")).toEqual(defaultNames());
    expect(names()).toEqual(defaultNames());
  });

  it("an older release named with --impl still runs at the draft", () => {
    const older = defaultNames().find((n) => !pinnedNames().includes(n))!;
    expect(selectRun({ ...base, impl: older, protocol: "0.5.0-dev" }).selected.map((s) => s.implementation.name)).toEqual([older]);
  });
});
