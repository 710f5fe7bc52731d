// The Agent-under-test scene (harness/wire/agent-scene.ts) with the reference Agent driving it, and
// the facts (harness/wire/agent-facts.ts) read from its record: what the Agent sent, validated
// against the data-structures models, and what its API surfaced, including a hand-made bad Agent.
import { io } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { AGENT_CLOSE_ALLOWANCE_MS, agentFacts, openAgentCase, prepareAgentScene } from "../../harness/wire/index.ts";

const reference = referenceInProcess();

function scene(input: unknown) {
  const prepared = prepareAgentScene(input);
  if (!prepared.ok) throw new Error(prepared.problem);
  return prepared.spec;
}

describe("the Agent scene", () => {
  it("records a reference Agent's requests, the scripted Computer's answers and a pushed notification", async () => {
    const opened = await openAgentCase(
      "t1",
      scene({
        script: [
          { send: "client:get_tools", as: "tools" },
          { send: "client:tool_call", as: "call", payload: { tool_name: "inv__get_inventory", params: { sku: "A" }, timeout: 5 } },
          { send: "client:get_config", as: "config" },
          { sleep_ms: 200, as: "settle" },
        ],
        answers: { "client:get_config": { code: 404, message: "gone", req_id: { $ref: "request/req_id" } } },
        push: [{ after: "client:tool_call", event: "notify:update_tool_list" }],
      }),
    );
    const answer = await reference.call("wire.agent", opened.call as unknown as Record<string, unknown>);
    const evidence = await opened.close();
    expect(answer.result.kind).toBe("ok");
    const facts = agentFacts(answer.result.kind === "ok" ? answer.result.output : undefined, evidence, (p) => p.dir === "in");
    expect(facts.handshake).toMatchObject({ a2c_version: "0.4.0", first_transport: "polling", auth_has_role: false });
    expect(facts.join).toMatchObject({ role: "agent", name: "sdk-agent", office_matches: true, asks_ack: true, count: 1 });
    expect(facts.requests["client:tool_call"]).toMatchObject({
      count: 1,
      valid: true,
      agent_is_its_name: true,
      computers: ["kit-computer"],
    });
    expect(facts.req_ids_unique).toBe(true);
    expect(facts.surfaced.tools).toEqual({ outcome: "ok", tool_names: ["inv__get_inventory", "inv__get_price"] });
    expect(facts.surfaced.call).toMatchObject({ outcome: "ok", is_error: false, text: "ran inv__get_inventory" });
    expect(facts.surfaced.config).toEqual({ outcome: "error", code: 404 });
    expect(facts.notified).toEqual({ "notify:update_tool_list": true });
  }, 20_000);

  it("fails a hand-made Agent whose tool call lacks its timeout and reuses a req_id, and one that is never told", async () => {
    const opened = await openAgentCase(
      "t2",
      scene({ script: [{ sleep_ms: 1, as: "w" }], push: [{ after: "join", event: "notify:enter_office" }] }),
    );
    const { origin, searchParams } = new URL(opened.call.url); // the case's secret rides in the query
    const query = Object.fromEntries(searchParams);
    const socket = io(`${origin}/smcp`, { query, transports: ["polling"], reconnection: false, forceNew: true, auth: { role: "agent" } });
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    await socket.emitWithAck("server:join_office", { role: "agent", name: "sdk-agent", office_id: opened.call.office_id });
    const bad = { agent: "sdk-agent", req_id: "same", computer: "kit-computer", tool_name: "inv__get_inventory", params: {} };
    await socket.emitWithAck("client:tool_call", bad);
    await socket.emitWithAck("client:get_tools", { agent: "other", req_id: "same", computer: "kit-computer" });
    socket.disconnect();
    const evidence = await opened.close();
    const facts = agentFacts({ joined: true, steps: [], notifications: [] }, evidence, (p) => p.dir === "in");
    expect(facts.handshake.auth_has_role).toBe(true);
    expect(facts.handshake.a2c_version).toBeNull();
    expect(facts.requests["client:tool_call"]).toMatchObject({ valid: false, schema_errors: ["/ must have required property 'timeout'"] });
    expect(facts.requests["client:get_tools"]).toMatchObject({ valid: true, agent_is_its_name: false });
    expect(facts.req_ids_unique).toBe(false);
    expect(facts.notified).toEqual({ "notify:enter_office": false });
  }, 20_000);

  it("holds the Agent's handshake unanswered when told, still refuses an intruder, and cuts what it held on close", async () => {
    const opened = await openAgentCase(
      "t3",
      scene({ script: [{ send: "client:get_tools", as: "tools" }], handshake: "unanswered", time_box_ms: 1_000 }),
    );
    const { origin, searchParams } = new URL(opened.call.url);
    const intruder = await fetch(`${origin}/socket.io/?EIO=4&transport=polling`);
    const began = performance.now();
    const answer = await reference.call("wire.agent", opened.call as unknown as Record<string, unknown>);
    const took = performance.now() - began;
    // A party of the case's own, still waiting when the scene closes: close() must end its request.
    const pending = fetch(`${origin}/socket.io/?smcp_case=${searchParams.get("smcp_case")}&EIO=4&transport=polling`).then(
      () => "answered",
      () => "cut",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const evidence = await opened.close();
    expect(intruder.status).toBe(403);
    expect(await pending).toBe("cut");
    expect(evidence.held).toHaveLength(2);
    expect(evidence.held?.[0]?.url).toContain(`smcp_case=${searchParams.get("smcp_case")}`);
    expect(evidence.handshakes).toEqual([]);
    expect(evidence.packets).toEqual([]);
    expect(answer.result).toMatchObject({ kind: "ok", output: { joined: false, stage: "connect" } });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(1_000 + AGENT_CLOSE_ALLOWANCE_MS);
    const facts = agentFacts(answer.result.kind === "ok" ? answer.result.output : undefined, evidence, (p) => p.dir === "in");
    expect(facts).toMatchObject({ connected: false, joined: false, requests: {} });
  }, 20_000);

  it("refuses the Agent's handshake with the 4008 answer when told, still refuses an intruder, and reads the raised version error", async () => {
    const opened = await openAgentCase(
      "t4",
      scene({ script: [{ send: "client:get_tools", as: "tools" }], handshake: "version_mismatch", time_box_ms: 3_000 }),
    );
    const { origin, searchParams } = new URL(opened.call.url);
    const intruder = await fetch(`${origin}/socket.io/?EIO=4&transport=polling&a2c_version=0.4.0`);
    const own = await fetch(`${origin}/socket.io/?smcp_case=${searchParams.get("smcp_case")}&a2c_version=0.4.0&EIO=4&transport=polling`);
    expect(intruder.status).toBe(403);
    expect(own.status).toBe(400);
    expect(own.headers.get("content-type")).toBe("application/json");
    expect(own.headers.get("x-a2c-error-code")).toBe("4008");
    expect(await own.json()).toEqual({
      code: 4008,
      message: "Protocol version mismatch",
      server_version: "1.0.0",
      client_version: "0.4.0",
      min_supported: "1.0.0",
      max_supported: "1.0.999",
    });
    const answer = await reference.call("wire.agent", opened.call as unknown as Record<string, unknown>);
    const evidence = await opened.close();
    expect(evidence.refused).toHaveLength(2);
    expect(evidence.handshakes).toEqual([]);
    expect(answer.result).toMatchObject({
      kind: "ok",
      output: { joined: false, stage: "connect", raised: { type: "ProtocolVersionError" } },
    });
    const output = answer.result.kind === "ok" ? answer.result.output : undefined;
    // Without the hand-made request the Agent's one refusal is the whole count.
    const facts = agentFacts(output, { ...evidence, refused: evidence.refused?.slice(1) }, (p) => p.dir === "in");
    expect(facts).toMatchObject({
      connected: false,
      refused_handshakes: 1,
      version_error: { dedicated: true, carries_versions: true, names_both_versions: true },
    });
    const generic = { ...(output as Record<string, unknown>), raised: { type: "Error", message: "xhr poll error" } };
    expect(agentFacts(generic, evidence, (p) => p.dir === "in").version_error).toEqual({
      dedicated: false,
      carries_versions: false,
      names_both_versions: false,
    });
  }, 20_000);

  it("judges each cancel the Agent sent, and holds when it sent none", () => {
    const secret = "0123456789abcdef0123456789abcdef";
    const call = { agent: "sdk-agent", req_id: "call-1", computer: "kit-computer", tool_name: "t", params: {}, timeout: 1 };
    const factsOf = (...cancels: unknown[]) => {
      const events: Array<[string, unknown]> = [
        ["client:tool_call", call],
        ...cancels.map((c): [string, unknown] => ["server:tool_call_cancel", c]),
      ];
      const packets = events.map(([event, arg], i) => ({
        seq: i + 1,
        t_ms: i,
        dir: "in" as const,
        conn: "c",
        type: "event" as const,
        nsp: "/smcp",
        event,
        args: [arg],
      }));
      const side = {
        url: `http://127.0.0.1:1/?smcp_case=${secret}`,
        handshakes: [{ conn: "c", url: `/socket.io/?smcp_case=${secret}` }],
        packets,
        office_id: "o",
        agent_name: "sdk-agent",
      };
      return agentFacts({ joined: true, steps: [], notifications: [] }, side, (p) => p.dir === "in");
    };
    expect(factsOf()).toMatchObject({ cancels_conform: true, cancels_name_a_call: null });
    expect(factsOf({ agent: "sdk-agent", req_id: "call-1" })).toMatchObject({ cancels_conform: true, cancels_name_a_call: true });
    expect(factsOf({ agent: "sdk-agent", req_id: "call-1", computer: "kit-computer" })).toMatchObject({
      cancels_conform: false,
      cancels_name_a_call: true,
    });
    expect(factsOf({ agent: "sdk-agent", req_id: "another" })).toMatchObject({ cancels_conform: false, cancels_name_a_call: false });
    expect(factsOf({})).toMatchObject({ cancels_conform: false });
    expect(factsOf({ agent: "sdk-agent", req_id: "call-1" }, {})).toMatchObject({ cancels_conform: false });
  });

  it("refuses a scene whose step names repeat or whose tool_call names no tool", () => {
    expect(
      prepareAgentScene({
        script: [
          { send: "client:get_tools", as: "a" },
          { send: "client:get_config", as: "a" },
        ],
      }),
    ).toEqual({
      ok: false,
      problem: 'script/1: step name "a" is used twice',
    });
    expect(prepareAgentScene({ script: [{ send: "client:tool_call", as: "c" }] })).toMatchObject({ ok: false });
  });
});
