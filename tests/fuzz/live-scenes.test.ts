// Fuzzing a live operation: generated scenes played around the adapter's call, answered by what
// the record shows about the relays. The reference passes every generated value on as given; an
// unexplained change is reported by step and kind, with what was given and what arrived.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kindsAgainst } from "../../harness/fuzz/answers.ts";
import { generalPointer, relayAnswer, withLiveScenes } from "../../harness/fuzz/live-scenes.ts";
import { LIVE_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import type { ComputerFacts } from "../../harness/wire/index.ts";

let server: SceneServer;
beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(async () => {
  await server.close();
});

const resultOf = (scene: Record<string, unknown>) =>
  (scene.servers as Array<{ played_tools: Array<{ result: Record<string, unknown> }> }>)[0]!.played_tools[0]!.result;
const facts = (steps: Record<string, unknown>, join: unknown = { accepted: true }) => ({ join, steps }) as unknown as ComputerFacts;
/** The scene's steps as the record has them: a list of the tools (named `tools`, as a corpus vector may), then a call named `call`. */
const played = {
  steps: [
    { index: 0, t_ms: 1, step: { send: "client:get_tools", as: "tools" } },
    { index: 1, t_ms: 2, step: { send: "client:tool_call", as: "call" } },
    { index: 2, t_ms: 3, step: { sleep_ms: 5 } },
  ],
} as never;

describe("relayAnswer", () => {
  it("is {} when every change is one a spec rule allows", () => {
    const fidelity = { given: {}, given_missing: null, unexplained: [], changes: [{ path: "/meta", kind: "added", allowed_by: "x" }] };
    expect(relayAnswer(facts({ call: { acked: true, fidelity }, tools: { acked: true, fidelity } }), played)).toEqual({});
  });

  it("names one kind per event, change and general pointer, valued by its first change with what was given and what arrived", () => {
    const changes = [
      { path: "/content/0/meta", kind: "added", received: null },
      { path: "/content/1/meta", kind: "added", received: null },
      { path: "/content/0/_meta", kind: "removed", given: {} },
      { path: "/structuredContent", kind: "added", received: null },
      { path: "/meta", kind: "added", received: { "com.example/r": 1, a2c_x: true }, open: "which key an upstream _meta keeps" },
    ];
    const tools = [{ path: "/tools/0/description", kind: "changed", given: "", received: "None" }];
    expect(
      relayAnswer(
        facts({
          call: { acked: true, fidelity: { given: {}, given_missing: null, changes, unexplained: [] } },
          tools: { acked: true, fidelity: { given: {}, given_missing: null, changes: tools, unexplained: [] } },
        }),
        played,
      ),
    ).toEqual({
      "tool_call/added /content/*/meta": "/content/*/meta: - → null",
      "tool_call/added /structuredContent": "/structuredContent: - → null",
      // An open point's reading carries no values: Computers that read it alike agree whatever markers they add.
      "tool_call/open /meta": "/meta: added",
      "tool_call/removed /content/*/_meta": "/content/*/_meta: {} → -",
      "get_tools/changed /tools/*/description": '/tools/*/description: "" → "None"',
    });
  });

  it("keeps a pointer general: indices as *, invented keys below metadata and structured content as …", () => {
    expect(generalPointer("/content/3/_meta/com.example~1x/deep")).toBe("/content/*/_meta/…");
    expect(generalPointer("/structuredContent/abc")).toBe("/structuredContent/…");
    expect(generalPointer("/structuredContent")).toBe("/structuredContent");
    expect(generalPointer("/tools/0/meta/MCP_TOOL_ANNOTATION")).toBe("/tools/*/meta/…");
    expect(generalPointer("/isError")).toBe("/isError");
  });

  it("says why a step could not be judged", () => {
    expect(relayAnswer(facts({ call: { acked: false }, tools: { acked: true, shape: "error" } }, null), played)).toEqual({
      joined: false,
      "tool_call/acked": false,
      "get_tools/shape": "error",
    });
  });
});

describe("kinds of a live disagreement", () => {
  it("are one per answer key the implementation and the pivot differ on, never one per combination", () => {
    const classes = [
      { answer: JSON.stringify({ "tool_call/open /_meta": "x" }), implementations: ["reference"] },
      {
        answer: JSON.stringify({ "tool_call/added /structuredContent": "y", "tool_call/removed /content/*/_meta": "z" }),
        implementations: ["python"],
      },
    ];
    expect(kindsAgainst("wire.computer", classes, "reference", "python")).toEqual([
      "wire.computer python shows | reference shows nothing at tool_call/added /structuredContent",
      "wire.computer python shows nothing | reference shows at tool_call/open /_meta",
      "wire.computer python shows | reference shows nothing at tool_call/removed /content/*/_meta",
    ]);
    expect(kindsAgainst("wire.computer", classes, "reference", "reference")).toEqual([]);
  });
});

describe("a generated scene played for the reference", () => {
  it("passes every generated definition and result on as the spec allows: nothing unexplained, open points apart", async () => {
    const reference = withLiveScenes(referenceInProcess(), server, "streamable_http", 4);
    await reference.start();
    const scenes = fc.sample(LIVE_ARBITRARIES["wire.computer"]!, { seed: 3, numRuns: 6 });
    const answers = await Promise.all(scenes.map((scene) => reference.call("wire.computer", scene)));
    await reference.stop();
    const outputs = answers.map((a) => (a.result.kind === "ok" ? (a.result.output as Record<string, unknown>) : a.result));
    for (const output of outputs) expect(Object.keys(output).filter((k) => !/^\w+\/open /.test(k))).toEqual([]);
    // The reference reads the open point one way: an upstream result-level _meta moves to meta.
    const withMeta = scenes.findIndex((s) => "_meta" in (JSON.stringify(s).includes('"result"') ? resultOf(s) : {}));
    expect(withMeta).toBeGreaterThanOrEqual(0);
    expect(Object.keys(outputs[withMeta]!)).toEqual(["tool_call/open /_meta", "tool_call/open /meta"]);
  });
});
