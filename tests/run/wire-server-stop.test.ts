// A Server adapter that never answers `stop` (issue 41, item 7): its case passed on the scene's
// facts alone, so the run ended green while the SDK's Server was never shut down. A wire.server
// case is its start, its scene and its stop: a stop not answered `stopped` makes the case a fault.
import { describe, expect, it } from "vitest";
import type { Answer, CallResult, Implementation } from "../../harness/model/implementation.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { LIVE_PLAYERS } from "../../harness/run/live-players.ts";

/** A Server implementation whose start answers at once and whose stop ends as `stop` says (the driver's own fault answers). */
function serverImpl(stop: CallResult): Implementation {
  return {
    name: "fake-server",
    transport: "subprocess",
    start: async () => ({ implementation: "fake-server", sdk: { name: "fake", version: "0" }, protocol_version: "0.4.0", operations: [] }),
    call: async (_op, input) => {
      const result: CallResult =
        input.action === "start" ? { kind: "ok", output: { url: "http://127.0.0.1:9", server_id: "s1", a2c_version: "0.4.0" } } : stop;
      const response = result.kind === "ok" ? JSON.stringify({ type: "result", id: 1, ok: true, output: result.output }) : null;
      const fault = result.kind === "timeout" ? { kind: "timeout" as const, detail: result.message } : undefined;
      return { result, transcript: { request: JSON.stringify(input), response, ...(fault ? { fault } : {}) }, duration_ms: 1, attempts: 1 };
    },
    stop: async () => ({ restarts: 0, stderr_tail: "" }),
    kill: () => {},
  };
}

const vector = { id: "wire-server/test/stop", op: "wire.server", input: { clients: {}, script: [{ sleep_ms: 10 }], time_box_ms: 2_000 } };
const notSent = (message: string): Answer => ({
  result: { kind: "crash", message },
  transcript: { request: null, response: null },
  duration_ms: 0,
  attempts: 0,
});
const play = (stop: CallResult) => LIVE_PLAYERS.server.play(serverImpl(stop), vector as unknown as Vector, undefined, notSent);

describe("a wire.server case's stop", () => {
  it("answered `stopped`: the case is the start's answer, judged on its scene", async () => {
    const answer = await play({ kind: "ok", output: { stopped: true, elapsed_ms: 3 } });
    expect(answer.result.kind).toBe("ok");
    expect(answer.transcript.fault).toBeUndefined();
  });

  it("never answered: the case is a timeout naming the stop, with the scene's record kept", async () => {
    const answer = await play({ kind: "timeout", message: "no answer within 10000 ms to call 2 (wire.server); adapter restarted" });
    expect(answer.result).toEqual({
      kind: "timeout",
      message: expect.stringMatching(/^the Server was not stopped: no answer within 10000 ms/),
    });
    expect(answer.transcript.fault).toEqual({ kind: "timeout", detail: (answer.result as { message: string }).message });
    expect(answer.transcript.request).toContain('"action":"start"');
    expect(answer.transcript.wire?.evidence).toMatchObject({ kind: "server", stop: { result: "timeout" } });
  });

  it("answered without `stopped: true`: the case is a crash naming what the stop answered", async () => {
    const answer = await play({ kind: "ok", output: { stopped: false } });
    expect(answer.result).toEqual({ kind: "crash", message: expect.stringMatching(/^the Server was not stopped: its stop answered/) });
  });
});
