// Adapter protocol 2: calls go out in batches to an adapter that offers them, one per line to one
// that does not; a fault inside a batch is still pinned on the case that caused it, and every case
// keeps its own request and answer text as evidence.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { expectOthersPass, faultVectors } from "./fault-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const vectors = faultVectors();
const corpus = loadCorpus();

async function run(flags: string[], caseTimeoutMs = 3_000) {
  const received = join(mkdtempSync(join(tmpdir(), "smcp-batches-")), "received.txt");
  const adapter = new SubprocessImplementation(
    "fault",
    {
      file: process.execPath,
      args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--received-file", received, ...flags],
      env: minimalEnv(),
    },
    { caseTimeoutMs, maxRestarts: 3 },
  );
  const report = await runCorpus({ corpus, vectors, implementations: [adapter] });
  const status = Object.fromEntries(report.cases.map((c) => [c.vector_id.split("/").pop()!, c.status]));
  const lines = readFileSync(received, "utf8").trim().split("\n");
  return { report, status, lines };
}

const othersPass = (status: Record<string, string>, except: string) => expectOthersPass(status, except, vectors.length);

describe("adapter protocol 2: batches", () => {
  it("an adapter that speaks 2 gets its calls in batches; each case keeps its own call and answer text", async () => {
    const { report, status, lines } = await run(["--batches"]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    expect(lines.some((line) => /^batch ([2-9]|\d\d+)$/.test(line))).toBe(true);
    for (const c of report.cases) {
      const request = JSON.parse(c.transcript.request!) as { type: string; id: number; input: { bundle_id: string } };
      const response = JSON.parse(c.transcript.response!) as { type: string; id: number };
      expect(request.type).toBe("call");
      expect(c.vector_id.endsWith(`/${request.input.bundle_id.toLowerCase()}`)).toBe(true);
      expect(response).toMatchObject({ type: "result", id: request.id });
    }
  });

  it("an adapter that answers hello with protocol 1 never gets a batch", async () => {
    const { status, lines } = await run([]);
    expect(Object.values(status).every((s) => s === "pass")).toBe(true);
    expect(lines.length).toBe(vectors.length);
    expect(new Set(lines)).toEqual(new Set(["call"]));
  });

  it("a crash inside a batch is a crash of the case that caused it; the rest are replayed and pass", async () => {
    const { report, status } = await run(["--batches", "--crash-when", "CRASH"]);
    expect(status["crash"]).toBe("crash");
    othersPass(status, "crash");
    expect(report.cases.find((c) => c.status === "crash")!.transcript.request).toContain("CRASH");
  });

  it("a hang inside a batch times out the case that hangs, not the batch-mate sent first", async () => {
    const { report, status, lines } = await run(["--batches", "--hang-when", "HANG"], 1_500);
    expect(status["hang"]).toBe("timeout");
    othersPass(status, "hang");
    // the batch, then its calls re-sent one by one to find the culprit
    expect(lines[0]).toMatch(/^batch \d+$/);
    expect(lines.filter((line) => line === "call").length).toBeGreaterThanOrEqual(vectors.length);
    expect(report.implementations[0]!.stats.restarts).toBeGreaterThanOrEqual(2);
  });

  it("a call left out of its batch's answer is a protocol error of that case alone", async () => {
    const { report, status } = await run(["--batches", "--omit-when", "UNKNOWNID"]);
    expect(status["unknownid"]).toBe("protocol_error");
    othersPass(status, "unknownid");
    expect(report.cases.find((c) => c.status === "protocol_error")!.note).toMatch(/its batch was answered without it/);
    expect(report.implementations[0]!.stats.restarts).toBe(0);
  });

  it("an answer inside a batch that is not a protocol message is a protocol error of its case", async () => {
    const { status } = await run(["--batches", "--bad-output-when", "STDERR"]);
    expect(status["stderr"]).toBe("protocol_error");
    othersPass(status, "stderr");
  });

  it("a line that is not protocol in answer to a batch is found by re-sending the batch's calls alone", async () => {
    const { report, status } = await run(["--batches", "--garbage-when", "GARBAGE"]);
    expect(status["garbage"]).toBe("protocol_error");
    othersPass(status, "garbage");
    expect(report.cases.find((c) => c.status === "protocol_error")!.note).toMatch(/not JSON: this is not a protocol line/);
  });
});
