// The driver under a misbehaving adapter: the run completes, every other case is answered, and
// the affected case is attributed (crash / timeout / protocol error) with evidence.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { expectOthersPass, faultVectors } from "./fault-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const vectors = faultVectors();
const corpus = loadCorpus();

function faultAdapter(flags: string[], caseTimeoutMs = 3_000) {
  return new SubprocessImplementation(
    "fault",
    { file: process.execPath, args: ["--import", import.meta.resolve("tsx"), FIXTURE, ...flags], env: minimalEnv() },
    { caseTimeoutMs, maxRestarts: 3 },
  );
}

async function run(flags: string[], caseTimeoutMs?: number) {
  const report = await runCorpus({ corpus, vectors, implementations: [faultAdapter(flags, caseTimeoutMs)] });
  const status = Object.fromEntries(report.cases.map((c) => [c.vector_id.split("/").pop()!, c.status]));
  const note = (name: string) => report.cases.find((c) => c.vector_id.endsWith(`/${name}`))!.note ?? "";
  return { report, status, note };
}

const othersPass = (status: Record<string, string>, except: string) => expectOthersPass(status, except, vectors.length);

describe("driver faults", () => {
  it("a well-behaved adapter answers every case", async () => {
    const { status, report } = await run([]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    expect(report.implementations[0]!.stats.restarts).toBe(0);
  });

  it("a crash on one case is attributed to it, found by re-sending the suspects one by one", async () => {
    const { status, note, report } = await run(["--crash-when", "CRASH"]);
    expect(status["crash"]).toBe("crash");
    othersPass(status, "crash");
    expect(note("crash")).toMatch(/adapter "fault" ended \(.*code 3.*\); last request: call \d+ \(bundle_id.validate\)/);
    expect(report.implementations[0]!.stats.restarts).toBeGreaterThanOrEqual(1);
    const crashCase = report.cases.find((c) => c.status === "crash")!;
    expect(crashCase.transcript.fault?.kind).toBe("crash");
    expect(crashCase.transcript.request).toContain("CRASH");
  });

  it("a hang times out that case only, and the adapter is restarted", async () => {
    const { status, note, report } = await run(["--hang-when", "HANG"], 1_500);
    expect(status["hang"]).toBe("timeout");
    othersPass(status, "hang");
    expect(note("hang")).toMatch(/no answer within 1500 ms to call \d+ \(bundle_id.validate\)/);
    expect(report.implementations[0]!.stats.restarts).toBe(1);
  });

  it("a line that is not protocol is a protocol error on the case that printed it", async () => {
    const { status, note } = await run(["--garbage-when", "GARBAGE"]);
    expect(status["garbage"]).toBe("protocol_error");
    othersPass(status, "garbage");
    expect(note("garbage")).toMatch(/broke the protocol: not JSON: this is not a protocol line/);
  });

  it("an answer with an unknown id is a protocol error naming the adapter and the last request", async () => {
    const { status, note } = await run(["--unknown-id-when", "UNKNOWNID"]);
    expect(status["unknownid"]).toBe("protocol_error");
    othersPass(status, "unknownid");
    expect(note("unknownid")).toMatch(/adapter "fault" broke the protocol: answered with unknown id \d+; last request: call \d+/);
  });

  it("stderr output is kept as evidence, not treated as a crash", async () => {
    const { status, report } = await run(["--stderr-when", "STDERR"]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    expect(report.implementations[0]!.stats.stderr_tail).toMatch(/fault adapter: a warning about call \d+/);
  });

  it("an adapter that exits during the handshake: its cases are crashes, the other implementation still runs", async () => {
    const report = await runCorpus({ corpus, vectors, implementations: [faultAdapter(["--exit-in-handshake"]), referenceInProcess()] });
    const fault = report.cases.filter((c) => c.implementation === "fault");
    expect(fault.every((c) => c.status === "crash" && /failed its handshake: .*code 4.*before its hello/.test(c.note ?? ""))).toBe(true);
    expect(report.cases.filter((c) => c.implementation === "reference").every((c) => c.status === "pass")).toBe(true);
    expect(report.implementations.find((i) => i.name === "fault")!.stats.broken).toMatch(/before its hello/);
  });

  it("an adapter that crashes on every case is given up after a bounded number of restarts", async () => {
    const { status, report } = await run(["--crash-when", "bundle_id"]);
    expect(Object.values(status).every((s) => s === "crash")).toBe(true);
    const stats = report.implementations[0]!.stats;
    expect(stats.broken).toMatch(/gave up after 3 restarts/);
    expect(stats.restarts).toBe(4);
  });
});

describe("driver faults, continued", () => {
  it("a late answer within the timeout is a normal answer", async () => {
    const { status } = await run(["--late-when", "a2"], 5_000);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
  });

  it("a line written in two pieces is read as one line", async () => {
    const { status } = await run(["--partial-when", "a2"]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
  });

  it("a 10 MB answer line is read whole", async () => {
    const { status, report } = await run(["--huge-when", "a2"]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    const big = report.cases.find((c) => c.vector_id.endsWith("/a2"))!;
    expect((big.result as { output: { detail: string } }).output.detail.length).toBe(10 * 1024 * 1024);
  });

  it("a stderr flood is kept as a bounded tail and breaks nothing", async () => {
    const { status, report } = await run(["--flood-when", "a2"]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    const tail = report.implementations[0]!.stats.stderr_tail;
    expect(tail.length).toBeLessThanOrEqual(64 * 1024);
    expect(tail.length).toBeGreaterThan(60 * 1024);
  });

  it("a duplicate answer is a protocol error and the adapter is restarted", async () => {
    const { report } = await run(["--duplicate-when", "a2"]);
    expect(report.cases.find((c) => c.vector_id.endsWith("/a2"))!.status).toBe("pass");
    expect(report.implementations[0]!.stats.restarts).toBeGreaterThanOrEqual(1);
    // every case still gets an answer, and nothing is lost
    expect(report.cases.every((c) => ["pass", "protocol_error"].includes(c.status))).toBe(true);
    expect(report.cases.filter((c) => c.status === "pass").length).toBeGreaterThanOrEqual(vectors.length - 1);
  });

  it("an adapter that exits right after its answer without a newline: the answer still counts", async () => {
    const { status, report } = await run(["--exit-after-last", "b4"]);
    expect(status["b4"]).toBe("pass");
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    expect(report.implementations[0]!.stats.broken).toBeUndefined();
  });
});
