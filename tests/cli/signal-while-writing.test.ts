// A signal while the report is being written (issue 20, items 2 and 9): the half-written run folder
// is never published; the report is written again, marked incomplete (phase "writing", nothing listed
// as not run, since every case ran), and the run exits with the signal's code.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { main } from "../../harness/cli/main.ts";
import { mainCaptured, tempOut } from "./cli-helpers.ts";

// The signal arrives while matrix.md (the second view) is rendered, as a Ctrl-C would.
let signalled = false;
vi.mock("../../harness/report/markdown.ts", async (original) => {
  const actual = await original<typeof import("../../harness/report/markdown.ts")>();
  return {
    ...actual,
    renderMarkdown: (...args: Parameters<typeof actual.renderMarkdown>) => {
      if (!signalled) {
        signalled = true;
        process.emit("SIGINT", "SIGINT");
      }
      return actual.renderMarkdown(...args);
    },
  };
});

describe("a signal while the report is written", () => {
  it("exit 130; the report is written once, whole, marked incomplete in phase writing, and audit accepts it", async () => {
    const out = tempOut();
    const { code, stderr } = await mainCaptured(main, ["run", "--impl", "reference", "--suite", "explicit-id", "--out", out]);
    expect(signalled).toBe(true);
    expect(code).toBe(130);
    expect(stderr).toMatch(/run interrupted \(SIGINT\): 68 cases ran, 0 did not/);
    const entries = readdirSync(out);
    expect(entries.filter((e) => e.startsWith("."))).toEqual([]); // no staging folder left
    expect(entries.filter((e) => e !== "latest")).toHaveLength(1);
    const report = JSON.parse(readFileSync(join(out, "latest", "report.json"), "utf8"));
    expect(report.incomplete).toEqual({ reason: "SIGINT", phase: "writing", not_run: [] });
    expect(report.verdict.status).toBe("incomplete");
    expect(report.cases).toHaveLength(68);
    for (const view of ["matrix.md", "index.html", "junit-reference.xml", "badge-reference.svg"])
      expect(readdirSync(join(out, "latest"))).toContain(view);
    expect(auditReport(report).problems).toEqual([]);
  }, 60_000);
});
