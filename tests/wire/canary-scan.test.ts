import { describe, expect, it } from "vitest";
import { answerSightings, canarySightings } from "../../harness/wire/canary-scan.ts";
import type { ComputerSceneEvidence } from "../../harness/wire/computer-evidence.ts";
import { computerFacts } from "../../harness/wire/computer-facts.ts";
import { computerObservedValue } from "../../harness/wire/computer-observation.ts";
import type { WirePacket } from "../../harness/wire/scene-record.ts";

const packet = (p: Partial<WirePacket>): WirePacket => ({ seq: 1, t_ms: 0, dir: "in", conn: "c", type: "event", nsp: "/smcp", ...p });

describe("canarySightings: the whole record, no field picked", () => {
  it("finds a canary in an error's details, a CONNECT auth, a key, a packet sent to the Computer and a handshake query", () => {
    const found = canarySightings(
      ["CANARY-1"],
      [
        packet({ type: "ack", args: [{ error: { code: 4000, details: { url: "http://x/?t=CANARY-1" } } }] }),
        packet({ type: "connect", args: [{ token: "CANARY-1" }] }),
        packet({ event: "server:update_config", args: [{ "CANARY-1": true }] }),
        packet({ dir: "out", event: "client:tool_call", args: [{ params: { v: ["CANARY-1"] } }] }),
        packet({ nsp: "/", type: "connect", args: [{ x: "CANARY-1" }] }),
      ],
      [{ url: "/socket.io/?a2c_version=0.4.0&k=CANARY%2D1" }],
    );
    expect(found).toEqual([
      "ack/0/error/details/url",
      "connect/0/token",
      "server:update_config/0/CANARY-1 (key)",
      "out:client:tool_call/0/params/v/0",
      "connect/0/x",
      "handshake:/socket.io/?a2c_version=0.4.0&k=CANARY%2D1",
    ]);
  });

  it("is empty for a clean record, no canaries, or an empty canary", () => {
    const clean = [packet({ args: [{ a: "b" }] })];
    expect(canarySightings(["CANARY-1"], clean, [{ url: "/socket.io/?a2c_version=0.4.0" }])).toEqual([]);
    expect(canarySightings([], [packet({ args: ["x"] })])).toEqual([]);
    expect(canarySightings([""], [packet({ args: ["x"] })])).toEqual([]);
  });
});

describe("answerSightings: what the SDK answered the harness's acts", () => {
  it("finds a canary in a value and a key anywhere in an answer, named by the answer", () => {
    const found = answerSightings(
      ["CANARY-1"],
      [
        { at: "act:state", value: { output: { done: true, state: "joined_office", diagnostics: [{ env: { TOKEN: "x CANARY-1" } }] } } },
        { at: "act:again", value: { error: { reason: "unclassified", message: "bad", details: { "CANARY-1": 1 } } } },
        { at: "act:clean", value: { output: { done: true } } },
        { at: "act:none", value: undefined },
      ],
    );
    expect(found).toEqual(["act:state/output/diagnostics/0/env/TOKEN", "act:again/error/details/CANARY-1 (key)"]);
    expect(answerSightings([], [{ at: "act:x", value: "CANARY-1" }])).toEqual([]);
  });
});

/** An empty Computer scene whose one planted secret is CANARY-1. */
const sceneWithCanary = () => ({
  kind: "computer",
  url: "http://127.0.0.1:1/",
  packets: [],
  handshakes: [],
  steps: [],
  planted_secrets: ["CANARY-1"],
  mcp: {},
});

describe("leaked_secrets reads the recorded act answers", () => {
  const act = (name: string, result: unknown) => ({
    index: 0,
    step: { computer: "state", as: name },
    act: { request: { office_id: "o", act: "state" }, result },
    t_ms: 0,
  });
  const evidence = (over: Partial<Record<keyof ComputerSceneEvidence, unknown>>) =>
    ({ ...sceneWithCanary(), ...over }) as unknown as ComputerSceneEvidence;

  it("names each act's answer that carries a planted secret: a step's, the creation window's, the scene end's", () => {
    const facts = computerFacts(
      evidence({
        steps: [
          act("started", { kind: "ok", output: { done: true, raised: null, state: "joined_office", api: "state" } }),
          act("again", {
            kind: "ok",
            output: { done: false, raised: { type: "Conflict", message: "header Bearer CANARY-1" }, api: "start" },
          }),
          act("failed", { kind: "error", error: { reason: "unclassified", message: "env TOKEN=CANARY-1" } }),
        ],
        creation: {
          created: { request: {}, result: { kind: "ok", output: { done: true, note: "CANARY-1" } } },
          handshakes: 0,
          mcp_exchanges: {},
          start: { request: {}, result: { kind: "ok", output: { done: true } } },
        },
        scene_end: { request: { office_id: "o", act: "end_scene" }, result: { kind: "ok", output: { done: true, api: "CANARY-1" } } },
      }),
    );
    expect(facts.leaked_secrets).toEqual([
      "act:await_created/output/note",
      "act:again/output/raised/message",
      "act:failed/error/message",
      "act:end_scene/output/api",
    ]);
  });

  it("reads neither the harness's own request nor a result the adapter or driver wrote (unsupported, crash, timeout)", () => {
    const rotated = { ...act("set", { kind: "ok", output: { done: true, api: "set_input_value" } }) };
    const withRequest = { ...rotated, act: { ...rotated.act, request: { office_id: "o", act: "set_input", value: "CANARY-1-rotated" } } };
    const facts = computerFacts(
      evidence({
        steps: [
          withRequest,
          act("u", { kind: "unsupported", message: "CANARY-1" }),
          act("c", { kind: "crash", message: "stderr: CANARY-1" }),
          act("t", { kind: "timeout", message: "CANARY-1" }),
        ],
      }),
    );
    expect(facts.leaked_secrets).toEqual([]);
  });
});

describe("leaked_secrets reads the error the SDK raised for the session", () => {
  const evidence = sceneWithCanary();
  it("names a planted secret in the answer's raised, and nothing in a clean answer", () => {
    const answer = (raised: unknown) => ({ joined: false, ended: "error", stage: "start", elapsed_ms: 1, raised });
    const seen = (raised: unknown) => computerObservedValue(answer(raised), evidence as unknown as ComputerSceneEvidence).leaked_secrets;
    expect(seen({ type: "StartupError", message: "server inv: Authorization: Bearer CANARY-1 refused" })).toEqual([
      "answer:raised/message",
    ]);
    expect(seen({ type: "StartupError", message: "server inv refused" })).toEqual([]);
    expect(seen(null)).toEqual([]);
  });
});
