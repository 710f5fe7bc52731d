// A known gap pins its answer: the planted-bug sequence (bug → fail; listed → green; the answer
// changes under the listed id → stale, naming old and new answer; fixed → stale), with a real
// subprocess adapter, and old status-only entries still loading, unpinned.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { updateHint } from "../../harness/commands/update-hint.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { updateExpectations } from "../../harness/expectations/update-expectations.ts";
import { parseAdapterSpec } from "../../harness/impl/registry.ts";
import { gapAnswer, staleReason } from "../../harness/model/gap-answer.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

const corpus = loadCorpus();
const vectors = selectVectors(corpus, { suites: ["explicit-id"] });
const buggy = fileURLToPath(new URL("../fixtures/buggy-adapter.ts", import.meta.url));
const file = join(mkdtempSync(join(tmpdir(), "smcp-pinned-")), "known-gaps.yaml");

function run(bug: string) {
  const adapter = parseAdapterSpec(`buggy=${process.execPath} --import ${import.meta.resolve("tsx")} ${buggy} --bug ${bug}`);
  return runCorpus({
    corpus,
    vectors,
    implementations: [adapter.implementation],
    expectations: new Map([["buggy", loadExpectations(file, "buggy")]]),
  });
}

const byStatus = (report: Awaited<ReturnType<typeof run>>, status: string) =>
  report.cases.filter((c) => c.status === status).map((c) => c.vector_id);

describe("pinned known gaps", () => {
  it("bug → fail; listed → green; answer changed → stale with both answers; fixed → stale", async () => {
    writeFileSync(file, "implementation: buggy\ngaps: []\n");
    const bug = await run("separator-accepted");
    const failing = byStatus(bug, "fail");
    expect(failing.length).toBeGreaterThan(1);
    expect(bug.verdict.status).toBe("fail");

    const update = updateExpectations(file, "buggy", "1.0.0", bug.cases);
    expect(update.added).toEqual(failing);
    expect(readFileSync(file, "utf8")).toContain("answer: /accepted=true, /reason=null");

    const listed = await run("separator-accepted");
    expect(byStatus(listed, "known_gap")).toEqual(failing);
    expect(listed.verdict.status).toBe("pass");

    const changed = await run("separator-charset");
    expect(byStatus(changed, "stale")).toEqual(failing);
    expect(changed.verdict.status).toBe("fail");
    const c = changed.cases.find((x) => x.status === "stale")!;
    expect(c.raw_status).toBe("fail"); // fails as listed: only the answer differs
    expect(staleReason(c)).toBe(
      'listed as a known fail answering /accepted=true, /reason=null, but the answer changed to /reason="bundle_id.charset"',
    );
    expect(renderConsole(changed)).toContain('but the answer changed to /reason="bundle_id.charset"');
    // Counted as stale, not as failed; the hint is the same command with --update-expectations.
    expect(renderConsole(changed)).toMatch(new RegExp(`^conformance: \\d+ passed, 0 failed, ${failing.length} stale, `, "m"));
    expect(updateHint(changed, ["run", "--adapter", "buggy=node buggy.js", "--suite", "explicit-id"])).toBe(
      `to record these ${failing.length} failing or stale cases in the expectations (then write each TODO reason): npx smcp-conformance run --adapter 'buggy=node buggy.js' --suite explicit-id --update-expectations`,
    );
    expect(updateHint(listed, ["run"])).toBeUndefined();

    const fixed = await run("none");
    expect(byStatus(fixed, "stale")).toEqual(failing);
    expect(staleReason(fixed.cases.find((x) => x.status === "stale")!)).toBe("listed as a known fail gap but the case is now pass");
  }, 120_000);

  it("an old entry without an answer still loads, matches on status alone and is called unpinned; --update-expectations pins it", async () => {
    writeFileSync(file, "implementation: buggy\ngaps: []\n");
    const failing = byStatus(await run("separator-charset"), "fail");
    writeFileSync(
      file,
      `implementation: buggy\ngaps:\n${failing.map((id) => `  - { id: ${id}, status: fail, reason: says charset }\n`).join("")}`,
    );
    const report = await run("separator-charset");
    expect(byStatus(report, "known_gap")).toEqual(failing);
    expect(renderConsole(report)).toContain(`${failing.length} known gaps are unpinned`);
    const update = updateExpectations(file, "buggy", "1.0.0", report.cases);
    expect(update.pinned).toEqual(failing);
    const gaps = loadExpectations(file, "buggy").gaps;
    expect(gaps.get(failing[0]!)).toEqual({
      id: failing[0],
      status: "fail",
      reason: "says charset",
      answer: '/reason="bundle_id.charset"',
    });
  }, 120_000);
});

describe("gapAnswer", () => {
  it("pins an error's reason, an output's differences, and fingerprints what is long; faults pin nothing", () => {
    const error = { kind: "error", error: { reason: "config.wrong_type", message: "5 validation errors…" } } as const;
    expect(gapAnswer("bundle_id.validate", "fail", error, [])).toBe("error config.wrong_type");
    expect(
      gapAnswer("bundle_id.validate", "fail", { kind: "ok", output: {} }, [
        { path: "/merged/alias", expected: "search", absent: "actual" },
      ]),
    ).toBe("/merged/alias=absent");
    const output = gapAnswer("bundle_id.validate", "fail", { kind: "ok", output: { accepted: true, reason: null, detail: "a" } }, []);
    expect(output).toMatch(/^output sha256:[0-9a-f]{16}$/);
    // Evidence (a detail, SDK log lines) is not part of the answer: only what the output says is pinned.
    expect(gapAnswer("bundle_id.validate", "fail", { kind: "ok", output: { accepted: true, reason: null, detail: "b" } }, [])).toBe(output);
    expect(gapAnswer("bundle_id.validate", "fail", { kind: "ok", output: {} }, [{ path: "/m", actual: "x".repeat(200) }])).toMatch(
      /^sha256:[0-9a-f]{16}$/,
    );
    expect(gapAnswer("bundle_id.validate", "crash", { kind: "crash", message: "boom" }, [])).toBeUndefined();
    expect(gapAnswer("bundle_id.validate", "pass", { kind: "ok", output: {} }, [])).toBeUndefined();
  });
});
