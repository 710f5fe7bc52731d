// Retention removes the oldest run folders the kit wrote, and nothing else.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_MARKER } from "../../harness/report/out-dir.ts";
import { DEFAULT_KEEP, parseKeep, pruneRuns } from "../../harness/report/retention.ts";
import { UsageError } from "../../harness/util/usage-error.ts";

/** The run id of the n-th run of a day (older first). */
const runId = (n: number) => `2026-11-30T10-${String(n).padStart(2, "0")}-00-000Z-${(0xa00000 + n).toString(16)}`;

function outWith(runs: number): string {
  const out = mkdtempSync(join(tmpdir(), "smcp-keep-"));
  for (let n = 0; n < runs; n++) {
    mkdirSync(join(out, runId(n)));
    for (const f of ["report.json", "matrix.md", "index.html", "junit-reference.xml", "badge-reference.svg"])
      writeFileSync(join(out, runId(n), f), "x");
    writeFileSync(join(out, runId(n), RUN_MARKER), `${runId(n)}\n`);
  }
  return out;
}

const runsIn = (out: string) =>
  readdirSync(out)
    .filter((n) => n.startsWith("2026-"))
    .sort();

describe("report retention", () => {
  it("keeps the newest run folders and removes the older ones", () => {
    const out = outWith(6);
    symlinkSync(runId(5), join(out, "latest"));
    const pruned = pruneRuns(out, 4);
    expect(pruned).toEqual({ removed: [runId(0), runId(1)], failed: [] });
    expect(runsIn(out)).toEqual([2, 3, 4, 5].map(runId));
    expect(pruneRuns(out, 4).removed).toEqual([]); // nothing more to do
  });

  it("never removes the run folder latest points at", () => {
    const out = outWith(5);
    symlinkSync(runId(0), join(out, "latest")); // e.g. a merge published an older run id last
    expect(pruneRuns(out, 2).removed).toEqual([1, 2].map(runId));
    expect(runsIn(out)).toEqual([0, 3, 4].map(runId));
  });

  it("leaves alone what the kit did not write: other names, links, folders with other files, staging folders", () => {
    const out = outWith(3);
    mkdirSync(join(out, "my-notes"));
    writeFileSync(join(out, "my-notes", "report.json"), "x");
    const annotated = "2026-11-29T09-00-00-000Z-0000aa";
    mkdirSync(join(out, annotated));
    writeFileSync(join(out, annotated, "report.json"), "x");
    writeFileSync(join(out, annotated, "why-this-failed.txt"), "a person's file");
    const staging = `.${runId(0)}.partial-1-abc`;
    mkdirSync(join(out, staging));
    writeFileSync(join(out, staging, "report.json"), "x");
    const linked = "2026-11-29T08-00-00-000Z-0000bb";
    symlinkSync(join(out, runId(2)), join(out, linked));
    const empty = "2026-11-29T07-00-00-000Z-0000cc"; // no report.json: not a run folder
    mkdirSync(join(out, empty));
    expect(pruneRuns(out, 1).removed).toEqual([0, 1].map(runId));
    for (const kept of ["my-notes", annotated, staging, linked, empty, runId(2)]) expect(existsSync(join(out, kept))).toBe(true);
  });

  it("a folder named like a run id is removed only when its marker names it and it holds view files only (issue 32)", () => {
    const out = outWith(2);
    const named = (n: number) => `2026-11-29T0${n}-00-00-000Z-0000d${n}`;
    const views = (dir: string) => {
      mkdirSync(join(out, dir));
      for (const f of ["report.json", "index.html"]) writeFileSync(join(out, dir, f), "x");
    };
    views(named(1)); // the view names, no marker: another tool's, or a person's copy
    views(named(2)); // a marker naming another run (copied from elsewhere)
    writeFileSync(join(out, named(2), RUN_MARKER), `${runId(0)}\n`);
    views(named(3)); // marked, but a view name is a folder holding a person's file
    writeFileSync(join(out, named(3), RUN_MARKER), `${named(3)}\n`);
    mkdirSync(join(out, named(3), "junit-mine.xml"));
    writeFileSync(join(out, named(3), "junit-mine.xml", "notes.txt"), "a person's file");
    expect(pruneRuns(out, 1).removed).toEqual([runId(0)]);
    for (const kept of [1, 2, 3].map(named)) expect(existsSync(join(out, kept))).toBe(true);
  });

  it("keep 0 keeps everything; a missing folder is nothing to prune", () => {
    const out = outWith(30);
    expect(pruneRuns(out, 0).removed).toEqual([]);
    expect(runsIn(out)).toHaveLength(30);
    expect(pruneRuns(join(out, "absent"), 1)).toEqual({ removed: [], failed: [] });
  });

  it("--keep is a whole number, 20 when not given", () => {
    expect(parseKeep(undefined)).toBe(DEFAULT_KEEP);
    expect(DEFAULT_KEEP).toBe(20);
    expect(parseKeep("0")).toBe(0);
    expect(parseKeep("5")).toBe(5);
    for (const bad of ["-1", "2.5", "five", ""]) expect(() => parseKeep(bad)).toThrow(UsageError);
    expect(() => parseKeep("x")).toThrow('--keep needs a whole number of run folders, 0 to keep them all; got "x"');
  });
});
