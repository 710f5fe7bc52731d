// --update-expectations keeps reasons and comments, drops stale entries, appends new failures.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exitCodeFor } from "../../harness/commands/exit-code.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { TODO_REASON, updateExpectations, updateRefusal } from "../../harness/expectations/update-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const FAULT_ADAPTER = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));

const wrong = (name: string) =>
  GOOD_VECTOR.replace("id: explicit-id/extra/ok", `id: explicit-id/extra/${name}`).replace(
    "accepted: true, reason: null",
    "accepted: false, reason: bundle_id.dot",
  );

describe("updateExpectations", () => {
  it("keeps listed reasons and comments, removes stale entries, adds new failures with a TODO reason", async () => {
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile([GOOD_VECTOR, wrong("old"), wrong("new")].join("\n")) });
    const corpus = loadCorpus({ extraRoots: [root] });
    const file = join(root, "expectations.yaml");
    writeFileSync(
      file,
      [
        "implementation: reference",
        "gaps:",
        "  # a group comment that must survive",
        "  - id: explicit-id/extra/old",
        "    status: fail",
        "    reason: the reason a person wrote",
        "  - id: explicit-id/extra/ok",
        "    status: fail",
        "    reason: fixed since",
        "",
      ].join("\n"),
    );
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/extra/" }),
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", loadExpectations(file, "reference")]]),
    });
    const summary = updateExpectations(file, "reference", "1.2.3", report.cases);
    expect(summary).toMatchObject({ added: ["explicit-id/extra/new"], removed: ["explicit-id/extra/ok"], left: [] });
    // A filtered run (here: only the "old" case) leaves every other entry as it is, and says so.
    const filtered = updateExpectations(
      file,
      "reference",
      "1.2.3",
      report.cases.filter((c) => c.vector_id.endsWith("/old")),
    );
    expect(filtered).toMatchObject({ added: [], removed: [], left: ["explicit-id/extra/new"] });
    const text = readFileSync(file, "utf8");
    expect(text).toContain("# a group comment that must survive");
    expect(text).toContain('sdk_version: "1.2.3"');
    const gaps = loadExpectations(file, "reference").gaps;
    // The new entry sits in its group in id order, under the group's comment (update-selection.test.ts).
    expect([...gaps.keys()]).toEqual(["explicit-id/extra/new", "explicit-id/extra/old"]);
    expect(text).toMatch(/# a group comment that must survive\n {2}- id: explicit-id\/extra\/new\n/);
    expect(gaps.get("explicit-id/extra/old")!.reason).toBe("the reason a person wrote");
    expect(gaps.get("explicit-id/extra/new")!.reason).toBe(TODO_REASON);
  });
});

describe("--update-expectations never records an adapter fault as an SDK gap (issue 20, item 5)", () => {
  const base = { suite: "explicit-id", op: "bundle_id.validate", tier: "must", implementation: "python" };
  const cases = [
    { ...base, vector_id: "explicit-id/x/crash", status: "crash", raw_status: "crash" },
    { ...base, vector_id: "explicit-id/x/timeout", status: "timeout", raw_status: "timeout" },
    { ...base, vector_id: "explicit-id/x/wrong", status: "fail", raw_status: "fail" },
  ] as unknown as Parameters<typeof updateExpectations>[3];

  it("crash, timeout and protocol_error cases are left out unless --record-faults; wrong answers are recorded", () => {
    const file = join(tempCorpus({}), "expectations.yaml");
    const summary = updateExpectations(file, "python", "0.4.2", cases);
    expect(summary.added).toEqual(["explicit-id/x/wrong"]);
    expect(summary.faults_not_recorded).toEqual(["explicit-id/x/crash", "explicit-id/x/timeout"]);
    expect([...loadExpectations(file, "python").gaps.keys()]).toEqual(["explicit-id/x/wrong"]);
    const all = updateExpectations(join(tempCorpus({}), "e.yaml"), "python", "0.4.2", cases, { recordFaults: true });
    expect(all.added).toEqual(["explicit-id/x/crash", "explicit-id/x/timeout", "explicit-id/x/wrong"]);
  });

  it("an implementation that never started, or reported no SDK version, is not updated at all", () => {
    const handshake = { sdk: { version: "unknown" } };
    expect(updateRefusal({ name: "python", not_started: "no hello within 60000 ms", handshake })).toMatch(
      /python never started \(no hello within 60000 ms\): its cases say nothing about the SDK/,
    );
    expect(updateRefusal({ name: "python", handshake })).toMatch(/reported no SDK version/);
    expect(updateRefusal({ name: "python", handshake: { sdk: { version: "0.4.2" } } })).toBeUndefined();
  });

  it("a run whose adapter still cannot start fails, even when its crashes are listed as gaps (no gap applies: its cases say nothing of the SDK)", async () => {
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR) });
    const corpus = loadCorpus({ extraRoots: [root] });
    const file = join(root, "expectations.yaml");
    writeFileSync(file, "implementation: fault\ngaps:\n  - { id: explicit-id/extra/ok, status: crash, reason: recorded while broken }\n");
    const broken = new SubprocessImplementation("fault", { file: "/nonexistent/adapter", args: [], env: minimalEnv() });
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/extra/" }),
      implementations: [broken],
      expectations: new Map([["fault", loadExpectations(file, "fault")]]),
    });
    expect(report.cases[0]!.status).toBe("crash");
    expect(report.cases[0]!.gap).toBeUndefined();
    expect(report.verdict.failures.map((f) => f.kind)).toEqual(["not_started", "failing_cases"]);
    expect(exitCodeFor(report)).toBe(1);
  });
});

describe("--update-expectations --record-faults on an adapter that crashes on every call (issue 32)", () => {
  it("records crash gaps only where the tier allows one, and the next run still fails: nothing passed", async () => {
    const observe = [
      "  - id: explicit-id/extra/watched",
      "    description: an observe-tier vector",
      "    spec: { file: x.md, section: s, note: the scratch corpus leaves it open }",
      "    tier: observe",
      "    covers: []",
      "    op: bundle_id.validate",
      "    input: { bundle_id: abd }",
    ].join("\n");
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile([GOOD_VECTOR, observe].join("\n")) });
    const file = join(root, "known-gaps.yaml");
    writeFileSync(file, "implementation: crashing\ngaps: []\n");
    const adapter = `crashing=${process.execPath} --import ${fileURLToPath(import.meta.resolve("tsx"))} ${FAULT_ADAPTER} --crash-when {`;
    const args = ["run", "--impl", "", "--adapter", adapter, "--expectations", `crashing=${file}`, "--vectors", root];
    const first = await cli([...args, "--filter", "explicit-id/extra/", "--out", tempOut(), "--update-expectations", "--record-faults"]);
    expect(first.exitCode, first.stderr).toBe(1);
    // The must vector's crash is recorded; the observe vector's is not (the kit refuses a gap there).
    expect([...loadExpectations(file, "crashing").gaps.entries()].map(([id, g]) => [id, g.status])).toEqual([
      ["explicit-id/extra/ok", "crash"],
    ]);
    // The must vector alone: its crash is now a known gap, and still the run is not green.
    const second = await cli([...args, "--filter", "explicit-id/extra/ok", "--out", tempOut()]);
    expect(second.exitCode).toBe(1);
    expect(second.stdout).toMatch(/RUN FAILS: crashing: no case passed \(1 judged: 0 failing, 1 known gap\)/);
    expect(second.stdout).toMatch(/1 known gap \(1 of them faults: crash, timeout or protocol error\)/);
  }, 60_000);
});
