// An implementation's transport cases run concurrently (at most TRANSPORT_CONCURRENCY at once) only
// when its handshake declares transport.call_tool in `concurrent`; without that promise, one at a
// time, as a protocol-1 adapter that drives one MCP client at a time needs.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import type { Handshake, Implementation } from "../../harness/model/implementation.ts";
import type { Corpus } from "../../harness/model/vector.ts";
import type { LiveSlots } from "../../harness/run/live-slots.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { answersConcurrently, oneAtATime, TRANSPORT_CONCURRENCY, transportSchedule } from "../../harness/run/transport-cases.ts";
import { WIRE_CONCURRENCY } from "../../harness/run/wire-cases.ts";

const OP = "transport.call_tool";
/** A quiet machine's slots, whatever this one's load: the limit under test is the handshake's, not the load's. */
const QUIET: LiveSlots = { wire: WIRE_CONCURRENCY, transport: TRANSPORT_CONCURRENCY, cores: 2, busy: 0, measured_by: "proc-stat" };
const HOLD_MS = 60;

const handshake = (concurrent?: string[]): Handshake => ({
  implementation: "overlap",
  sdk: { name: "overlap-recorder", version: "0" },
  protocol_version: null,
  operations: [OP, "wire.computer"],
  ...(concurrent ? { concurrent } : {}),
});

/** Answers every transport call after HOLD_MS (it hung while connecting) and records how many were in flight at once. */
function overlapRecorder(hello: Handshake): Implementation & { readonly calls: () => number; readonly mostAtOnce: () => number } {
  let inFlight = 0;
  let most = 0;
  let calls = 0;
  return {
    name: "overlap",
    transport: "subprocess", // straight to call(): no in-process watchdog in between
    start: async () => hello,
    call: async (op, input) => {
      calls++;
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      inFlight--;
      const output = { isError: null, error_code: null, mcp_server: null, text: null, hangs: true, stage: "connect", elapsed_ms: HOLD_MS };
      return {
        result: { kind: "ok", output },
        transcript: { request: JSON.stringify({ type: "call", id: calls, op, input }), response: null },
        duration_ms: HOLD_MS,
        attempts: 1,
      };
    },
    stop: async () => ({ restarts: 0, stderr_tail: "" }),
    kill: () => {},
    calls: () => calls,
    mostAtOnce: () => most,
  };
}

let corpus: Corpus | undefined; // loaded once: loading takes seconds

async function runTransportSuite(impl: Implementation) {
  corpus ??= loadCorpus();
  const vectors = selectVectors(corpus, { suites: ["transport"] });
  expect(vectors.length).toBeGreaterThan(TRANSPORT_CONCURRENCY); // enough cases to fill the limit
  const report = await runCorpus({ corpus, vectors, implementations: [impl], liveSlots: QUIET, retry: false });
  return { vectors, report };
}

describe("transport cases and the handshake's concurrent", () => {
  it("run up to TRANSPORT_CONCURRENCY at once when the handshake declares transport.call_tool", { timeout: 120_000 }, async () => {
    const impl = overlapRecorder(handshake([OP]));
    const { vectors, report } = await runTransportSuite(impl);
    expect(impl.mostAtOnce()).toBe(TRANSPORT_CONCURRENCY);
    expect(report.cases.filter((c) => c.transcript.transport !== undefined)).toHaveLength(impl.calls());
    expect(report.cases).toHaveLength(vectors.length);
    expect(report.implementations[0]!.handshake.concurrent).toEqual([OP]); // carried into the report
  });

  it("run one at a time without the declaration, or when it names only other operations", { timeout: 120_000 }, async () => {
    for (const concurrent of [undefined, ["wire.computer"]]) {
      const impl = overlapRecorder(handshake(concurrent));
      await runTransportSuite(impl);
      expect(impl.calls()).toBeGreaterThan(1);
      expect(impl.mostAtOnce()).toBe(1);
    }
  });

  it("keeps one concurrent limit per implementation run, and the serial queue otherwise", () => {
    const serial = oneAtATime();
    const declared = handshake([OP]);
    expect(answersConcurrently(declared, OP)).toBe(true);
    expect(answersConcurrently(handshake(), OP)).toBe(false);
    expect(transportSchedule(handshake(), OP, serial)).toBe(serial);
    const limit = transportSchedule(declared, OP, serial);
    expect(limit).not.toBe(serial);
    expect(transportSchedule(declared, OP, serial)).toBe(limit); // the same limit for every case of that run
    expect(transportSchedule(declared, OP, oneAtATime())).not.toBe(limit); // another run, another limit
  });
});
