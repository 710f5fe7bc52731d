// The runner tells of every case it records (onCase), transport and not-sent cases included, so
// --bail stops on a failing transport case and the progress counts reach the total.
import { readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import type { Implementation } from "../../harness/model/implementation.ts";
import type { CaseRecord, ParsedReport } from "../../harness/model/report.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { cli, tempOut } from "./cli-helpers.ts";

const TRANSPORT = "transport/auth/forbidden-insufficient-scope";
const NOT_APPLICABLE = "render/plugin-scope/already-scoped-id"; // until 0.3.0; the reference is judged against 0.4.0
const ANSWERED = "tlv/map-order/fullwidth-before-astral";
const STUB = join(import.meta.dirname, "fixtures", "transport-stub-adapter.ts");

/** Offers transport.call_tool and says every call hung while connecting (it never connects). */
function transportStub(): Implementation {
  const reference = referenceInProcess();
  return {
    ...reference,
    name: "stub",
    start: async () => {
      const hello = await reference.start();
      return { ...hello, operations: [...new Set([...hello.operations, "transport.call_tool"])] };
    },
    call: async (op, input) =>
      op === "transport.call_tool"
        ? {
            result: {
              kind: "ok",
              output: { isError: null, error_code: null, mcp_server: null, text: null, hangs: true, stage: "connect", elapsed_ms: 0 },
            },
            transcript: { request: null, response: null },
            duration_ms: 0,
            attempts: 1,
          }
        : reference.call(op, input),
  };
}

function cannotStart(): Implementation {
  return { ...referenceInProcess(), name: "broken", start: () => Promise.reject(new Error("no such SDK")) };
}

const key = (c: CaseRecord) => `${c.implementation} ${c.vector_id} ${c.status}`;

describe("onCase", () => {
  it("is called once with every case record the report holds: answered, transport, not sent, not started", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { ids: [TRANSPORT, NOT_APPLICABLE, ANSWERED] });
    const seen: CaseRecord[] = [];
    const report = await runCorpus({
      corpus,
      vectors,
      implementations: [referenceInProcess(), transportStub(), cannotStart()],
      onCase: (record) => seen.push(record),
    });
    expect(report.cases).toHaveLength(9);
    expect(seen.map(key).sort()).toEqual(report.cases.map(key).sort());
    for (const record of seen) expect(report.cases).toContain(record); // the record itself, not a copy
    expect(seen.map(key)).toEqual(
      expect.arrayContaining([
        `reference ${TRANSPORT} pass`, // through the reference's own MCP client
        `reference ${NOT_APPLICABLE} not_applicable`,
        `reference ${ANSWERED} pass`,
        `stub ${TRANSPORT} fail`,
        `broken ${ANSWERED} crash`,
      ]),
    );
    const transport = seen.find((c) => c.implementation === "stub" && c.vector_id === TRANSPORT)!;
    expect(transport.transcript.transport?.case_id).toBeTruthy(); // went through the scene server
  }, 120_000);

  it("observes only: a callback that throws leaves the run as it was", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { ids: [NOT_APPLICABLE, ANSWERED] });
    const quiet = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    const thrown = await runCorpus({
      corpus,
      vectors,
      implementations: [referenceInProcess()],
      onCase: () => {
        throw new Error("an observer's bug");
      },
    });
    expect(thrown.cases.map(key)).toEqual(quiet.cases.map(key));
    expect(thrown.incomplete).toBeUndefined();
  }, 60_000);
});

describe("--bail on a transport case", () => {
  it("stops at the first failing transport case; the bailed report holds it", async () => {
    const out = tempOut();
    const adapter = `stub=${process.execPath} --import ${import.meta.resolve("tsx")} ${STUB}`;
    const result = await cli(["run", "--adapter", adapter, "--suite", "transport", "--bail", "--out", out]);
    expect(result.exitCode).toBe(1);
    const bailed = /--bail: stub fails (transport\/\S+); stopping/.exec(result.stderr);
    expect(bailed).not.toBeNull();
    const report = JSON.parse(readFileSync(join(out, readlinkSync(join(out, "latest")), "report.json"), "utf8")) as ParsedReport;
    expect(report.incomplete?.reason).toBe("--bail");
    const stopped = report.cases.find((c) => c.vector_id === bailed![1]);
    // It says it hung before the server saw anything: its box ran out before it acted, a timeout, never value differences.
    expect(stopped?.status).toBe("timeout");
    expect(stopped?.diffs).toEqual([]);
    expect(stopped?.note).toMatch(/^the connect time box \(5000 ms\) expired .*the server had seen no request from it/);
    expect(stopped?.transcript.transport).toBeDefined();
    expect(report.incomplete!.not_run.length).toBeGreaterThan(0); // it did stop early
  }, 120_000);
});
