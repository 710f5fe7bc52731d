// The Server role's wire fuzz: what a Server under test did to a routed client:* exchange, read from
// the scene's packets alone (the request the Agent sent against the one the Computer received, the
// Computer's answer against the Agent's ack), and generated scenes the reference relays unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serverRelayAnswer, withLiveScenes } from "../../harness/fuzz/live-scenes.ts";
import { LIVE_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { wireServerAnswer } from "../../harness/run/wire-server-cases.ts";
import { prepareServerScene, serverRelays } from "../../harness/wire/index.ts";

const sent = { agent: "ag", req_id: "r-1", computer: "c1", tool_name: "gen__t", params: { x: 1 }, timeout: 5 };
const given = { content: [{ type: "text", text: "ok" }], isError: false };

/** A scene's record: the Agent's tool call, what the Computer received and answered, and the Agent's ack. */
function record(received: unknown, answered: unknown, ack: unknown, routed = true) {
  const packets = [
    { seq: 1, t_ms: 1, dir: "out", conn: "ag", type: "event", nsp: "/smcp", event: "client:tool_call", args: [sent], ack_id: 1 },
    ...(routed
      ? [
          { seq: 2, t_ms: 2, dir: "in", conn: "c1", type: "event", nsp: "/smcp", event: "client:tool_call", args: [received], ack_id: 7 },
          { seq: 3, t_ms: 3, dir: "out", conn: "c1", type: "ack", nsp: "/smcp", args: [answered], ack_id: 7 },
        ]
      : []),
    ...(ack === undefined ? [] : [{ seq: 4, t_ms: 4, dir: "in", conn: "ag", type: "ack", nsp: "/smcp", args: [ack], ack_id: 1 }]),
  ];
  const steps = [{ index: 0, step: { by: "ag", send: "client:tool_call", as: "call" }, client: "ag", request: sent, ack_id: 1 }];
  return { packets, steps } as never;
}

describe("serverRelays", () => {
  it("finds nothing changed when the request and the answer went through as they were", () => {
    const relays = serverRelays(record(sent, given, given));
    expect(relays).toEqual({ call: { routed: true, answered: true, request_changes: [], answer_changes: [] } });
    expect(serverRelayAnswer(record(sent, given, given))).toEqual({});
  });

  it("lists each change to the request and to the answer, one kind per side, change and pointer", () => {
    const received = { ...sent, params: { x: "1" }, extra: true };
    const ack = { content: [{ type: "text", text: "ok" }] };
    expect(serverRelays(record(received, given, ack)).call).toEqual({
      routed: true,
      answered: true,
      request_changes: [
        { path: "/params/x", kind: "changed", given: 1, received: "1" },
        { path: "/extra", kind: "added", received: true },
      ],
      answer_changes: [{ path: "/isError", kind: "removed", given: false }],
    });
    expect(serverRelayAnswer(record(received, given, ack))).toEqual({
      "tool_call/request changed /params/x": '/params/x: 1 → "1"',
      "tool_call/request added /extra": "/extra: - → true",
      "tool_call/answer removed /isError": "/isError: false → -",
    });
  });

  it("says so when no Computer got the request, or the Agent got no ack", () => {
    expect(serverRelayAnswer(record(sent, given, undefined, false))).toEqual({ "tool_call/routed": false, "tool_call/answered": false });
  });
});

describe("generated Server scenes", () => {
  const scenes = fc.sample(LIVE_ARBITRARIES["wire.server"]!, { seed: 20261207, numRuns: 40 });

  it("are scenes the harness can play", () => {
    for (const scene of scenes) expect(prepareServerScene(scene)).toMatchObject({ ok: true });
  });

  it("go through the reference's Server unchanged both ways: both exchanges routed, answered, nothing changed", async () => {
    const reference = referenceInProcess();
    const fuzzed = withLiveScenes(reference, undefined, "streamable_http", 4);
    await reference.start();
    try {
      for (const scene of scenes.slice(0, 3)) {
        const played = await wireServerAnswer(reference, { id: "t", op: "wire.server", input: scene } as never, () => {
          throw new Error("not sent");
        });
        const relays = serverRelays(played.transcript.wire?.evidence as never);
        const unchanged = { routed: true, answered: true, request_changes: [], answer_changes: [] };
        expect(relays).toEqual({ tools: unchanged, call: unchanged });
        expect((await fuzzed.call("wire.server", scene)).result).toEqual({ kind: "ok", output: {} });
      }
    } finally {
      await reference.stop();
    }
  });
});
