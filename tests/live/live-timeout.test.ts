// A transport box that expired while the SDK was still acting is the kit's timeout (retried), not
// the SDK's hang; one that expired long after the SDK went quiet is the SDK's answer, judged as values.
import { describe, expect, it } from "vitest";
import { quietBeforeHangMs, stallVoidsBoxMs, transportTimeout, wireComputerTimeout } from "../../harness/live/live-timeout.ts";

const BOXES = { connect_ms: 5000, call_ms: 5000 };
const post = (t_ms: number, duration_ms = 5) => ({ t_ms, duration_ms, http_method: "POST", outcome: "finished" });

describe("transportTimeout", () => {
  it("is a timeout when the connect box expired before the server saw any request", () => {
    const result = transportTimeout({ hangs: true, stage: "connect", elapsed_ms: 5001 }, { exchanges: [] }, BOXES);
    expect(result?.kind).toBe("timeout");
    expect(result && "message" in result ? result.message : "").toMatch(
      /^the connect time box \(5000 ms\) expired after 5\.0 s while the SDK was still acting: the server had seen no request/,
    );
  });

  it("is a timeout when the SDK's first request came late in the box (a busy runner)", () => {
    const result = transportTimeout({ hangs: true, stage: "connect", elapsed_ms: 5000 }, { exchanges: [post(4600)] }, BOXES);
    expect(result && "message" in result ? result.message : "").toContain("the first at +4.6 s");
  });

  it("stands as the SDK's hang when it went quiet early (its answer came, then nothing)", () => {
    const evidence = { exchanges: [post(40), post(120, 8), { t_ms: 130, http_method: "GET", outcome: "open", duration_ms: null }] };
    expect(transportTimeout({ hangs: true, stage: "call", elapsed_ms: 5150 }, evidence, BOXES)).toBeUndefined();
  });

  it("counts a held answer the SDK waited for until it finished, not from its request", () => {
    // The scene answered at +3.3 s (a delay): the SDK was waiting, so only 1.7 s of quiet remained.
    const evidence = { exchanges: [post(100, 3200)] };
    expect(transportTimeout({ hangs: true, stage: "connect", elapsed_ms: 5000 }, evidence, BOXES)?.kind).toBe("timeout");
  });

  it("is a timeout, not the SDK's hang, when the harness's loop stood still for a fifth of the box or more", () => {
    // The rehearsal's starved reference: initialize answered at +2.5 s, then nothing until the box
    // ended, because the process that would read the answer could not run.
    const evidence = { exchanges: [post(2458, 2)], loop_stalled_ms: 2400 };
    const result = transportTimeout({ hangs: true, stage: "connect", elapsed_ms: 5354 }, evidence, BOXES);
    expect(result).toMatchObject({ kind: "timeout", starved: true });
    expect(result && "message" in result ? result.message : "").toMatch(/the harness's event loop stood still for 2\.4 s/);
    // A quiet machine's stall (tens of milliseconds) leaves the same quiet the SDK's own hang.
    expect(
      transportTimeout({ hangs: true, stage: "connect", elapsed_ms: 5354 }, { ...evidence, loop_stalled_ms: 40 }, BOXES),
    ).toBeUndefined();
    expect(stallVoidsBoxMs(5000)).toBe(1000);
    expect(stallVoidsBoxMs(25000)).toBe(5000);
  });

  it("leaves an answer that returned (hangs false) or a call whose boxes are unknown alone", () => {
    expect(transportTimeout({ hangs: false, stage: "call" }, { exchanges: [] }, BOXES)).toBeUndefined();
    expect(transportTimeout({ hangs: true, stage: "connect" }, { exchanges: [] }, undefined)).toBeUndefined();
  });

  it("asks for half the box of quiet, at least a second", () => {
    expect(quietBeforeHangMs(5000)).toBe(2500);
    expect(quietBeforeHangMs(600)).toBe(1000);
  });
});

describe("wireComputerTimeout", () => {
  it("is a timeout when nothing of the Computer had arrived by the end of the scene's box", () => {
    const result = wireComputerTimeout({ ended: "no_join", handshakes: [], packets: [], mcp: { inv: { exchanges: [] } } }, 20_000);
    expect(result && "message" in result ? result.message : "").toBe(
      "the scene's time box (20000 ms) expired before the Computer joined its office, while it was still acting: nothing had reached the Server or its MCP servers",
    );
  });

  it("is a timeout when the Computer connected late in the box", () => {
    const evidence = { ended: "no_join", handshakes: [{ t_ms: 19_500 }], packets: [], mcp: { inv: { exchanges: [post(300)] } } };
    expect(wireComputerTimeout(evidence, 20_000)?.kind).toBe("timeout");
  });

  it("stands as the Computer's hang when its MCP answers came early and it never joined", () => {
    // Its boot read a resource, got a 500 at +1 s, and hung: 19 s of quiet before the box ended.
    const evidence = { ended: "no_join", handshakes: [], packets: [], mcp: { inv: { exchanges: [post(900, 100)] } } };
    expect(wireComputerTimeout(evidence, 20_000)).toBeUndefined();
  });

  it("leaves a refused join, or a scene that played, to the packets", () => {
    const refused = { ended: "no_join", handshakes: [{ t_ms: 10 }], packets: [{ dir: "in", type: "event", event: "server:join_office" }] };
    expect(wireComputerTimeout(refused, 20_000)).toBeUndefined();
    expect(wireComputerTimeout({ ended: "script_done", handshakes: [], packets: [] }, 20_000)).toBeUndefined();
  });
});
