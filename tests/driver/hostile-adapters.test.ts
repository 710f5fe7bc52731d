// Adapters a hostile tester would write (issue 20, items 1, 3, 10, 11): the run ends, nothing is
// orphaned, the harness's memory and stack stay bounded, and no fault earns a green verdict.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { type DriverOptions, SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { writeReport } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { liveGroups } from "../../harness/util/process-groups.ts";
import { tempOut } from "../cli/cli-helpers.ts";
import { processesTagged } from "../fixtures/processes.ts";
import { faultVectors } from "./fault-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const vectors = faultVectors();
const corpus = loadCorpus();

function faultAdapter(flags: string[], options: Partial<DriverOptions> = {}) {
  return new SubprocessImplementation(
    "fault",
    { file: process.execPath, args: ["--import", import.meta.resolve("tsx"), FIXTURE, ...flags], env: minimalEnv() },
    { caseTimeoutMs: 5_000, maxRestarts: 3, ...options },
  );
}

async function run(flags: string[], options: Partial<DriverOptions> = {}) {
  // The report records --strict-protocol as the run used it: audit re-reads each answer that way.
  const settings = { suites: [], strict_protocol: options.strictProtocol === true, allow_empty: false };
  const report = await runCorpus({ corpus, vectors, implementations: [faultAdapter(flags, options)], settings });
  const status = Object.fromEntries(report.cases.map((c) => [c.vector_id.split("/").pop()!, c.status]));
  const note = (name: string) => report.cases.find((c) => c.vector_id.endsWith(`/${name}`))!.note ?? "";
  return { report, status, note };
}

describe.runIf(existsSync("/proc"))("an adapter whose child holds its stdout (item 1)", () => {
  it("the run ends once the adapter exits, and the child is killed with the adapter's process group", async () => {
    const tag = randomUUID();
    const started = Date.now();
    const { status, report } = await run(["--grandchild", "--tag", tag]);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    expect(report.verdict.status).toBe("pass");
    await sleep(200);
    expect(processesTagged(tag)).toEqual([]);
    expect(liveGroups()).toBe(0);
  }, 30_000);

  it("kill() ends a handshake in progress at once: start() rejects instead of hanging (item 2)", async () => {
    const impl = faultAdapter(["--slow-hello", "60000"]);
    const starting = impl.start();
    await sleep(1_500);
    impl.kill();
    await expect(starting).rejects.toThrow(/interrupted/);
    await impl.stop();
  }, 15_000);
});

describe("answers the harness must refuse without trusting them", () => {
  it("an answer nested 5,000 levels deep is a protocol error, and the report is still written (item 3)", async () => {
    const { status, note, report } = await run(["--deep-when", "a2"]);
    expect(status["a2"]).toBe("protocol_error");
    expect(note("a2")).toMatch(/nested deeper than \d+ levels/);
    expect(
      Object.entries(status)
        .filter(([n]) => n !== "a2")
        .every(([, s]) => s === "pass"),
    ).toBe(true);
    const dir = writeReport(report, tempOut());
    expect(JSON.parse(readFileSync(`${dir}/report.json`, "utf8")).cases).toHaveLength(vectors.length);
  }, 30_000);

  it("a line that is not UTF-8 is a protocol error on its case (item 11)", async () => {
    const { status, note } = await run(["--invalid-utf8-when", "a2"]);
    expect(status["a2"]).toBe("protocol_error");
    expect(note("a2")).toMatch(/not valid UTF-8/);
    expect(
      Object.entries(status)
        .filter(([n]) => n !== "a2")
        .every(([, s]) => s === "pass"),
    ).toBe(true);
  }, 30_000);

  it("a line past --max-message-bytes is a protocol error; its bytes are never buffered (item 10)", async () => {
    const before = process.memoryUsage().rss;
    const { status, note } = await run(["--endless-when", "a2"], { maxLineBytes: 1024 * 1024 });
    expect(status["a2"]).toBe("protocol_error");
    expect(note("a2")).toMatch(/a line longer than 1048576 bytes/);
    expect(
      Object.entries(status)
        .filter(([n]) => n !== "a2")
        .every(([, s]) => s === "pass"),
    ).toBe(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  }, 30_000);
});

describe("numbers JSON's doubles cannot hold (issue 32)", () => {
  it('1e999 in an answer is a protocol error named as such, not "got null"; the report passes audit', async () => {
    const { status, note, report } = await run(["--infinite-when", "a2"]);
    expect(status["a2"]).toBe("protocol_error");
    expect(note("a2")).toMatch(/a number past what JSON's doubles hold \(it reads as ±Infinity\) at \/output\/detail/);
    expect(auditReport(JSON.parse(JSON.stringify(report))).problems).toEqual([]);
  }, 30_000);
});

describe("--strict-protocol", () => {
  it("an answer that violates its operation's schema is a protocol error without a restart, and audit agrees", async () => {
    const { status, note, report } = await run(["--bad-output-when", "a2"], { strictProtocol: true });
    expect(status["a2"]).toBe("protocol_error");
    expect(note("a2")).toMatch(/output violates the bundle_id.validate output schema/);
    expect(report.implementations[0]!.stats.restarts).toBe(0);
    expect(
      Object.entries(status)
        .filter(([n]) => n !== "a2")
        .every(([, s]) => s === "pass"),
    ).toBe(true);
    expect(auditReport(JSON.parse(JSON.stringify(report))).problems).toEqual([]);
  }, 30_000);
});

describe("handshakes and verdicts that must not pass (item 11)", () => {
  it.each([
    [["--hello-without-sdk"], false, /must have required property 'sdk'/],
    [["--hello-protocol", "99"], false, /adapter protocol 99; the harness speaks 1/],
    [["--hello-without-sdk"], true, /must have required property 'sdk'/],
    [["--hello-protocol", "99"], true, /adapter protocol 99; the harness speaks 1/],
  ] as const)(
    "a hello with %j never starts (--strict-protocol: %s): every case is a crash, and the run fails whatever its gaps",
    async (flags, strictProtocol, why) => {
      const { report } = await run([...flags], { strictProtocol });
      expect(report.cases.every((c) => c.status === "crash")).toBe(true);
      expect(report.implementations[0]!.not_started).toMatch(why);
      expect(report.verdict.status).toBe("fail");
      expect(report.verdict.failures.map((f) => f.kind)).toContain("not_started");
    },
    30_000,
  );

  it("an adapter that answers unsupported to everything fails the run (no judged case), unless --allow-empty", async () => {
    const { report } = await run(["--unsupported-all"]);
    expect(report.summary.overall.unsupported).toBe(vectors.length);
    expect(report.verdict.status).toBe("fail");
    expect(report.verdict.failures[0]).toMatchObject({ kind: "no_judged_cases", implementation: "fault" });
    const allowed = await runCorpus({
      corpus,
      vectors,
      implementations: [faultAdapter(["--unsupported-all"])],
      settings: { suites: [], strict_protocol: false, allow_empty: true },
    });
    expect(allowed.verdict.status).toBe("pass");
  }, 30_000);

  it("implementations named constructor and toString are counted like any other name; Object.prototype is untouched", async () => {
    const named = (name: string) =>
      new SubprocessImplementation(name, {
        file: process.execPath,
        args: ["--import", import.meta.resolve("tsx"), FIXTURE],
        env: minimalEnv(),
      });
    const report = await runCorpus({ corpus, vectors, implementations: [named("constructor"), named("toString"), referenceInProcess()] });
    expect(report.summary.by_implementation["constructor"]).toMatchObject({ pass: vectors.length, judged: vectors.length });
    expect(report.summary.by_implementation["toString"]).toMatchObject({ pass: vectors.length, judged: vectors.length });
    expect(Object.hasOwn(Object, "toString")).toBe(false);
    expect(({} as Record<string, unknown>)["fault"]).toBeUndefined();
    expect(report.verdict.status).toBe("pass");
  }, 30_000);
});
