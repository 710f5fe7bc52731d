// audit re-derives a wire.server case's stop from the stop exchange its evidence keeps: dropping the
// fault of a Server never stopped (or inventing one) is an edit it names.
import { describe, expect, it } from "vitest";
import { checkServerStop } from "../../harness/audit/server-stop-check.ts";
import type { CaseRecord } from "../../harness/model/report.ts";

const answered = (output: unknown) => JSON.stringify({ type: "result", id: 7, ok: true, output });
const serverCase = (stop: { response: string | null; result: string }, fault?: string): CaseRecord =>
  ({
    op: "wire.server",
    result: fault ? { kind: "crash", message: fault } : { kind: "ok", output: {} },
    transcript: {
      request: null,
      response: null,
      ...(fault ? { fault: { kind: "crash", detail: fault } } : {}),
      wire: { case_id: "c", evidence: { kind: "server", stop: { request: null, ...stop } } },
    },
  }) as unknown as CaseRecord;
const problems = (c: CaseRecord) => {
  const out: string[] = [];
  checkServerStop(c, (p) => out.push(p));
  return out;
};

describe("the audit of a wire.server case's stop", () => {
  it("agrees with a stopped Server and with the fault of one not stopped", () => {
    expect(problems(serverCase({ response: answered({ stopped: true }), result: "ok" }))).toEqual([]);
    const unstopped = 'the Server was not stopped: its stop answered ok: {"stopped":false}';
    expect(problems(serverCase({ response: answered({ stopped: false }), result: "ok" }, unstopped))).toEqual([]);
  });

  it("names a dropped stop fault and an invented one", () => {
    expect(problems(serverCase({ response: answered({ stopped: false }), result: "ok" }))).toEqual([
      'its Server was not stopped (the Server was not stopped: its stop answered ok: {"stopped":false}), but the case does not carry that fault (edited)',
    ]);
    expect(problems(serverCase({ response: null, result: "timeout" }))[0]).toMatch(
      /^its Server was not stopped \(the Server was not stopped: its stop ended timeout\)/,
    );
    expect(problems(serverCase({ response: answered({ stopped: true }), result: "ok" }, "the Server was not stopped: x"))).toEqual([
      "the case carries a stop fault, but its Server's stop was answered {stopped: true}",
    ]);
  });
});
