// The `run` command end to end: exit codes, printed summary, written reports.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";
import { cli, tempOut } from "./cli-helpers.ts";

describe("smcp-conformance run", () => {
  it("runs the selected suites and writes report.json and matrix.md", async () => {
    const out = tempOut();
    const result = await cli(["run", "--impl", "reference", "--suite", "upstream-bundle-id,upstream-env-segment", "--out", out]);
    expect(result.exitCode).toBe(0);
    // A row per suite: its vectors, then per implementation passed/judged and pass %.
    expect(result.stdout).toMatch(/^upstream-bundle-id\s+16 {2}16\/16 100%$/m);
    expect(result.stdout).toMatch(/^conformance: 32 passed, 0 failed, 0 skipped, 0 not applicable$/m);
    const runDir = readdirSync(out).find((d) => d !== "latest");
    // The run folder and latest, nothing else: the case spool the run wrote to is gone.
    expect(readdirSync(out).sort()).toEqual([runDir, "latest"].sort());
    // The marker names the run, so latest/ replacement and --keep touch only folders the kit wrote.
    expect(readdirSync(join(out, "latest")).sort()).toEqual([
      ".smcp-conformance-run",
      "badge-reference-computer.json", // a badge per role the run judged (issue 44, item 2)
      "badge-reference-computer.svg",
      "badge-reference.json",
      "badge-reference.svg",
      "index.html",
      "junit-reference.xml",
      "matrix.md",
      "report.json",
    ]);
    const report = JSON.parse(readFileSync(join(out, runDir!, "report.json"), "utf8"));
    expect(report.summary.overall).toMatchObject({ total: 32, pass: 32, fail: 0 });
    expect(report.implementations[0].handshake.implementation).toBe("reference");
    expect(existsSync(join(out, runDir!, "matrix.md"))).toBe(true);
  });

  it("exits 1 and names the case when a vector fails", async () => {
    const wrong = GOOD_VECTOR.replace("accepted: true, reason: null", "accepted: false, reason: bundle_id.dot");
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(wrong) });
    const result = await cli(["run", "--impl", "reference", "--vectors", extra, "--filter", "explicit-id/extra/", "--out", tempOut()]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "FAIL reference explicit-id/extra/ok: /accepted: expected rejected, got accepted; /reason: expected reason bundle_id.dot, got none",
    );
    expect(result.stdout).toMatch(/^conformance: 0 passed, 1 failed, 0 skipped, 0 not applicable$/m);
  });

  it("--json prints a machine-readable summary; an implementation with nothing judged fails the run unless --allow-empty", async () => {
    // The reference answers the upstream fixture through its MCP client; the hand-written SSE scene is not applicable.
    const alone = await cli(["run", "--impl", "reference", "--suite", "upstream-auth-error", "--json", "--out", tempOut()]);
    expect(alone.exitCode).toBe(0);
    expect(JSON.parse(alone.stdout).summary.overall).toMatchObject({ total: 4, unsupported: 0, not_applicable: 1, pass: 3 });
    // An adapter that answers unsupported to everything judged nothing: the run fails.
    const quiet = `quiet=node --import ${import.meta.resolve("tsx")} ${fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url))} --unsupported-all`;
    const args = [
      "run",
      "--impl",
      "reference",
      "--adapter",
      quiet,
      "--suite",
      "explicit-id",
      "--filter",
      "explicit-id/accepted/*",
      "--json",
    ];
    const result = await cli([...args, "--out", tempOut()]);
    expect(result.exitCode).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.summary.by_implementation.quiet).toMatchObject({ judged: 0, pass: 0 });
    expect(doc.verdict.failures).toEqual([expect.objectContaining({ kind: "no_judged_cases", implementation: "quiet" })]);
    const allowed = await cli([...args, "--allow-empty", "--out", tempOut()]);
    expect(allowed.exitCode).toBe(0);
    expect(JSON.parse(allowed.stdout).verdict).toEqual({ status: "pass", failures: [] });
  }, 90_000); // three real runs, the first starting the transport scene server

  it.each([
    [["run", "--impl", "reference", "--suite", "nope"], /unknown suite "nope"/],
    [["run", "--impl", "reference,cobol"], /unknown implementation "cobol"/],
    [["run", "--impl", "reference", "--vectors", "/nonexistent/dir"], /vector folder does not exist/],
    [["run", "--bogus"], /unknown option/],
    [["run", "--adapter", "x=/no/such/adapter --flag"], /--adapter x: command "\/no\/such\/adapter" not found/],
    [["run", "--adapter", "x=no-such-command-anywhere"], /command "no-such-command-anywhere" not found/],
  ])("exits 2 on usage errors: %j", async (args, message) => {
    const result = await cli(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("exits 2 on a broken corpus and runs nothing", async () => {
    const out = tempOut();
    const extra = tempCorpus({ "explicit-id/bad.yaml": explicitIdFile(GOOD_VECTOR.replace("tier: must", "tier: maybe")) });
    const result = await cli(["run", "--impl", "reference", "--vectors", extra, "--out", out]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /explicit-id\/bad\.yaml:7: vector explicit-id\/extra\/ok: must be equal to one of the allowed values .* at \/vectors\/0\/tier \[corpus\.schema\]/,
    );
    expect(readdirSync(out)).toEqual([]);
  });
});
