// The support table (issue 44, item 5): one row per release × revision, a column per role, from a
// report or a history file, in the statements' words; a selection never reads as a level.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runCommand } from "../../harness/commands/run-command.ts";
import { supportCommand } from "../../harness/commands/support-command.ts";
import { supportRows } from "../../harness/model/support.ts";

const ONE = "plugin-id/form/plugin-at-marketplace";
const tally = (passed: number, required: number) => ({ required, passed, known_gaps: required - passed, failed: 0, unverified: 0 });

function captured() {
  const out: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((c) => out.push(String(c)) > 0);
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  return () => out.join("");
}
afterEach(() => vi.restoreAllMocks());

let report: string;
beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), "support-out-"));
  captured();
  expect(await runCommand({ impl: "reference", filter: ONE, adapter: [], vectors: [], out, quiet: true })).toBe(0);
  vi.restoreAllMocks();
  report = join(out, "latest", "report.json");
}, 60_000);

describe("support", () => {
  it("from a report: the whole and each role, a selection with its scope; support.md and support.html beside it", () => {
    const out = captured();
    expect(supportCommand({ report })).toBe(0);
    const text = out();
    expect(text).toMatch(
      /^reference 0\.1\.0 @0\.4\.0 +selection · MUST 1\/1 of \d{3,} +selection · MUST 1\/1 of \d{3,} +not run +not run$/m,
    );
    expect(text).not.toMatch(/\bconforming\b/);
    const html = readFileSync(join(report, "..", "support.html"), "utf8");
    expect(html).toContain('<td class="selection">selection · MUST 1/1 of');
    expect(html).toContain('<a href="index.html">reference 0.1.0 @0.4.0</a>');
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(readFileSync(join(report, "..", "support.md"), "utf8")).toMatch(
      /^\| reference 0\.1\.0 @0\.4\.0 \| selection · MUST 1\/1 of \d+ \|/m,
    );
  });

  it("from a history file: the last entry of each release and revision, roles where the entry has them", () => {
    const file = join(mkdtempSync(join(tmpdir(), "support-history-")), "h.jsonl");
    const entry = (at: string, passed: number, roles?: object) =>
      JSON.stringify({
        at,
        run_id: at,
        kit_version: "0.1.0",
        corpus_sha256: "ab",
        implementation: "python",
        sdk_version: "0.4.2",
        protocol: "0.4.0",
        must: tally(passed, 10),
        should: tally(0, 0),
        level: "partial",
        ...(roles ? { roles } : {}),
      });
    const roles = [{ role: "server", level: "conforming", must: tally(4, 4), should: tally(0, 0) }];
    writeFileSync(file, `${entry("2026-12-01T00:00:00Z", 8)}\n${entry("2026-12-02T00:00:00Z", 9, roles)}\n`);
    const out = captured();
    expect(supportCommand({ history: file, json: true })).toBe(0);
    const { rows } = JSON.parse(out());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      implementation: "python",
      at: "2026-12-02T00:00:00Z",
      whole: { level: "partial", must: { passed: 9, required: 10 } },
      roles: { server: { level: "conforming" } },
    });
    expect(existsSync(join(file, "..", "support.html"))).toBe(false); // a history file's folder is not a run folder
  });

  it("the run folder has a badge per role the run judged, in the statement's words (issue 44, item 2)", () => {
    const dir = join(report, "..");
    const computer = JSON.parse(readFileSync(join(dir, "badge-reference-computer.json"), "utf8"));
    expect(computer).toMatchObject({ label: "smcp reference computer", color: "007ec6" });
    expect(computer.message).toMatch(/^selection @0\.4\.0, MUST 1\/1 of \d{3,}$/);
    expect(readFileSync(join(dir, "badge-reference-computer.svg"), "utf8")).toContain("smcp reference computer: selection @0.4.0");
    expect(existsSync(join(dir, "badge-reference-server.json"))).toBe(false); // no selected vector judged the Server
  });

  it("refuses two sources, and names what is missing", () => {
    expect(() => supportCommand({ report, history: "h.jsonl" })).toThrow(
      "support: --report and --history each name the source; choose one",
    );
    const out = mkdtempSync(join(tmpdir(), "support-none-"));
    expect(() => supportCommand({ out })).toThrow(/^support needs a report or a history file: .*\(no .*latest\/report\.json\)$/);
  });

  it("a role with no selected vector reads not run; one the revision does not ask for is absent", () => {
    const [row] = supportRows([
      {
        implementation: "x",
        protocol: "0.3.1",
        level: "conforming",
        must: tally(2, 2),
        roles: [{ role: "server", level: "untested", must: tally(0, 0), scope: { selected: 0, corpus: 5 } }],
      },
    ]);
    expect(row!.roles).toEqual({ server: "not run" });
  });
});
