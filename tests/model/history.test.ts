// The history: one entry per implementation per run, and a trend that shows the MUST change between runs.
import { describe, expect, it } from "vitest";
import { historyEntries } from "../../harness/model/history.ts";
import { renderHistoryHtml } from "../../harness/report/history-html.ts";
import { renderHistoryText } from "../../harness/report/history-text.ts";

const run = (run_id: string, finished_at: string, status: "pass" | "known_gap") => ({
  run_id,
  finished_at,
  environment: { kit_version: "9.9.9" },
  implementations: [{ name: "py", handshake: { sdk: { version: "0.4.2" } }, protocol: { used: "0.4.0" } }],
  vectors: [
    { id: "m1", tier: "must" as const, since: "0.3.0", content_hash: "a" },
    { id: "m2", tier: "must" as const, since: "0.3.0", content_hash: "b" },
  ],
  cases: [
    { vector_id: "m1", implementation: "py", status: "pass" as const },
    { vector_id: "m2", implementation: "py", status },
  ],
});

describe("history", () => {
  it("records kit version, corpus hash, SDK version, protocol and the statement's counts", () => {
    const [e] = historyEntries(run("r1", "2026-12-01T10:00:00Z", "known_gap"));
    expect(e).toMatchObject({
      run_id: "r1",
      kit_version: "9.9.9",
      implementation: "py",
      sdk_version: "0.4.2",
      protocol: "0.4.0",
      level: "partial",
    });
    expect(e!.must).toMatchObject({ required: 2, passed: 1, known_gaps: 1 });
    expect(e!.corpus_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("prints each implementation's runs oldest first with the change in MUST passed", () => {
    const entries = [
      ...historyEntries(run("r1", "2026-12-01T10:00:00Z", "known_gap")),
      ...historyEntries(run("r2", "2026-12-02T10:00:00Z", "pass")),
    ];
    const text = renderHistoryText(entries);
    expect(text).toContain("py (2 runs)");
    expect(text).toMatch(/2026-12-01 10:00 .* MUST 1\/2 \(50 %\) .* partial\n/);
    expect(text).toMatch(/2026-12-02 10:00 .* MUST 2\/2 \(100 %\) .* conforming \(MUST passed \+1, required 0\)/);
  });
});

describe("the history's trend page", () => {
  it("draws one line per implementation and revision, a point per run with its numbers, and no script", () => {
    const hostile = {
      ...run("r3", "2026-12-03T10:00:00Z", "pass"),
      implementations: [{ name: "<x>", handshake: { sdk: { version: "1" } }, protocol: { used: "0.4.0" } }],
    };
    hostile.cases = hostile.cases.map((c) => ({ ...c, implementation: "<x>" }));
    const entries = [
      ...historyEntries(run("r1", "2026-12-01T10:00:00Z", "known_gap")),
      ...historyEntries(run("r2", "2026-12-02T10:00:00Z", "pass")),
      ...historyEntries(hostile),
    ];
    const page = renderHistoryHtml(entries, "h.jsonl");
    expect(page.match(/<polyline /g)).toHaveLength(2);
    expect(page.match(/<circle /g)).toHaveLength(3);
    // py went from 1/2 to 2/2: its line climbs (SVG y grows downwards).
    const py = /data-series="py 0.4.2 @0.4.0"><polyline [^>]*points="([^"]+)"/
      .exec(page)![1]!
      .split(" ")
      .map((p) => Number(p.split(",")[1]));
    expect(py[1]).toBeLessThan(py[0]!);
    expect(page).toContain("<title>py 0.4.2 @0.4.0 · 2026-12-01T10:00:00Z · MUST 1/2 · partial</title>");
    expect(page).toContain("&lt;x&gt; 1 @0.4.0");
    expect(page).not.toContain("<x>");
    expect(page).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });
});

describe("history on the command line", () => {
  it("run takes --history and --require; history and divergences are commands", async () => {
    const { buildProgram } = await import("../../harness/cli/main.ts");
    const program = buildProgram();
    const run = program.commands.find((c) => c.name() === "run")!;
    expect(run.options.map((o) => o.long)).toEqual(expect.arrayContaining(["--history", "--require"]));
    expect(program.commands.map((c) => c.name())).toEqual(expect.arrayContaining(["history", "divergences"]));
  });
});
