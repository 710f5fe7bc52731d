// The wire scene with a scripted socket.io-client standing in for a Computer: what the Server
// records (handshake, join, every packet both ways, acks matched to their steps) and the facts
// derived from that record alone.
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import { derivedBundleId } from "../../harness/wire/derived-bundle-id.ts";
import {
  type ComputerSceneEvidence,
  computerCallOf,
  computerFacts,
  computerLocationOf,
  openComputerCase,
  prepareComputerScene,
} from "../../harness/wire/index.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

type Handlers = Record<string, (req: Record<string, unknown>) => unknown>;

/** A stand-in Computer: connects like the spec says (or not), joins, answers with `handlers`; resolves when the Server disconnects it. */
function standIn(url: string, office: string, handlers: Handlers, opts: { query?: Record<string, string>; auth?: object } = {}) {
  // The scene admits only a handshake carrying the case's secret (the call URL's query).
  const { origin, searchParams } = new URL(url);
  const socket: Socket = io(`${origin}/smcp`, {
    query: { ...Object.fromEntries(searchParams), ...(opts.query ?? { a2c_version: "0.4.0" }) },
    auth: opts.auth ?? {},
    transports: ["polling", "websocket"],
    reconnection: false,
  });
  for (const [event, handler] of Object.entries(handlers)) socket.on(event, (req, ack) => ack?.(handler(req)));
  socket.on("connect", () =>
    socket.emit("server:join_office", { role: "computer", name: "wire-computer", office_id: office }, () => undefined),
  );
  return new Promise<void>((resolve) => socket.on("disconnect", () => resolve()));
}

async function play(input: unknown, handlers: Handlers, opts?: Parameters<typeof standIn>[3]): Promise<ComputerSceneEvidence> {
  const opened = await openComputerCase(mcp, input, "test");
  if (!opened.ok) throw new Error(opened.message);
  await standIn(opened.call.url, opened.call.office_id, handlers, opts);
  await opened.case.ended;
  return opened.case.close();
}

describe("the wire scene", () => {
  it("records the handshake, the join and each step's ack by its ack id, then disconnects the Computer", async () => {
    const evidence = await play(
      {
        servers: [{ name: "inventory", bundle_id: "inv" }],
        script: [{ send: "client:get_tools" }, { send: "client:get_resources", as: "res", payload: { mcp_server: "zz" } }],
      },
      {
        "client:get_tools": (req) => ({
          tools: [{ name: "inv__get_inventory", bundle_id: "inv", description: "", params_schema: {}, return_schema: null }],
          req_id: req.req_id,
        }),
        "client:get_resources": (req) => ({ code: 4014, message: "no", mcp_server: req.mcp_server }),
      },
    );
    expect(evidence.ended).toBe("script_done");
    expect(evidence.handshakes[0]?.transport).toBe("polling");
    const facts = computerFacts(evidence);
    expect(facts.handshake).toEqual({
      a2c_version: "0.4.0",
      a2c_versions: ["0.4.0"],
      first_transport: "polling",
      auth_keys: [],
      auth_has_role: false,
      auth_is_object: true,
      auth: {},
      query_keys: ["a2c_version"],
    });
    expect(facts.join).toEqual({ role: "computer", name: "wire-computer", office_matches: true, asks_ack: true, count: 1 });
    expect(facts.steps.get_tools).toMatchObject({
      acked: true,
      shape: "model",
      valid: true,
      req_id_echoed: true,
      tool_names: ["inv__get_inventory"],
    });
    expect(facts.steps.res).toMatchObject({ acked: true, shape: "error_payload", code: 4014, mcp_server: "zz" });
    const sent = evidence.packets.filter((p) => p.dir === "out" && p.type === "event").map((p) => p.event);
    expect(sent).toEqual(["client:get_tools", "client:get_resources"]);
    expect(evidence.packets.some((p) => p.dir === "out" && p.type === "disconnect")).toBe(true);
  });

  it("classifies a wrapped error, a missing ack and a role in auth; an edited ack changes the facts", async () => {
    const evidence = await play(
      { script: [{ send: "client:get_config" }, { send: "client:get_skills", ack_time_box_ms: 300 }] },
      { "client:get_config": () => ({ error: { code: 500, message: "x" } }) },
      { auth: { role: "computer" } },
    );
    const facts = computerFacts(evidence);
    expect(facts.handshake.auth_has_role).toBe(true);
    expect(facts.steps.get_config).toMatchObject({ acked: true, shape: "wrapped_error", code: null });
    expect(facts.steps.get_config?.server_types).toBeUndefined();
    expect(facts.steps.get_skills).toMatchObject({ acked: false, shape: "none" });
    const edited = structuredClone(evidence) as unknown as { packets: Array<{ dir: string; type: string; args?: unknown[] }> };
    const ack = edited.packets.find((p) => p.dir === "in" && p.type === "ack");
    ack!.args = [{ code: 400, message: "flat" }];
    expect(computerFacts(edited as unknown as ComputerSceneEvidence).steps.get_config).toMatchObject({ shape: "error_payload", code: 400 });
    // A config answer's types, by key: an empty or missing type shows as what it is.
    ack!.args = [{ servers: { a: { type: "stdio" }, b: { type: "" }, c: {} }, inputs: [] }];
    expect(computerFacts(edited as unknown as ComputerSceneEvidence).steps.get_config).toMatchObject({
      server_keys: ["a", "b", "c"],
      server_types: { a: "stdio", b: "", c: null },
    });
  });

  it("finds a planted credential wherever the Computer sends it, and rebuilds the adapter's call from the record", async () => {
    const opened = await openComputerCase(
      mcp,
      { servers: [{ name: "inventory", credential: true }], script: [{ send: "client:get_config" }] },
      "test",
    );
    if (!opened.ok) throw new Error(opened.message);
    const header = (opened.call.servers[0]?.headers as Record<string, string> | undefined)?.Authorization;
    await standIn(opened.call.url, opened.call.office_id, {
      "client:get_config": () => ({ servers: { inventory: { headers: { Authorization: header } } } }),
    });
    await opened.case.ended;
    const evidence = await opened.case.close();
    expect(computerFacts(evidence).leaked_secrets).toEqual(["ack/0/servers/inventory/headers/Authorization"]);
    expect(
      computerCallOf(
        { computer_name: "wire-computer", servers: [{ name: "inventory", credential: true }], script: [], time_box_ms: 20_000 },
        computerLocationOf(evidence),
      ),
    ).toEqual(opened.call);
  });

  it("keeps the bundle_id the kit derives for a server named without one, and says whether the answers carry it", async () => {
    const opened = await openComputerCase(
      mcp,
      {
        servers: [{ name: "!!!" }, { name: "named", bundle_id: "nm" }],
        script: [{ send: "client:get_tools" }, { send: "client:get_config" }],
      },
      "test",
    );
    if (!opened.ok) throw new Error(opened.message);
    const url = String(opened.call.servers[0]?.url);
    const id = derivedBundleId("!!!", { type: "streamable", url });
    await standIn(opened.call.url, opened.call.office_id, {
      "client:get_tools": (req) => ({
        tools: [{ name: `${id}__get_inventory`, bundle_id: id, description: "", params_schema: {}, return_schema: null }],
        req_id: req.req_id,
      }),
      "client:get_config": () => ({ servers: { [id]: { name: "!!!", bundle_id: id } }, inputs: [] }),
    });
    await opened.case.ended;
    const evidence = await opened.case.close();
    expect(evidence.derived_bundle_ids).toEqual({ "!!!": id });
    const facts = computerFacts(evidence);
    expect([facts.steps.get_tools?.bundle_ids_derived, facts.steps.get_config?.bundle_ids_derived]).toEqual([true, true]);
    // The same answers under the id an SSE config of that URL would derive: not the config the Computer was given.
    const other = derivedBundleId("!!!", { type: "sse", url });
    const edited = JSON.parse(JSON.stringify(evidence).replaceAll(id, other)) as ComputerSceneEvidence;
    const moved = computerFacts({ ...edited, derived_bundle_ids: { "!!!": id } });
    expect([moved.steps.get_tools?.bundle_ids_derived, moved.steps.get_config?.bundle_ids_derived]).toEqual([false, false]);
    // Every server named its own bundle_id: no such fact.
    expect(computerFacts({ ...evidence, derived_bundle_ids: undefined } as ComputerSceneEvidence).steps.get_tools).not.toHaveProperty(
      "bundle_ids_derived",
    );
  });

  it("ends at the time box when no Computer joins, and tolerates a damaged record", async () => {
    const opened = await openComputerCase(mcp, { script: [], time_box_ms: 2000 }, "test");
    if (!opened.ok) throw new Error(opened.message);
    await opened.case.ended;
    const evidence = await opened.case.close();
    expect(evidence.ended).toBe("no_join");
    expect(computerFacts(evidence)).toMatchObject({ connected: false, join: null, steps: {} });
    expect(() => computerFacts({ packets: [null, { dir: "in" }], steps: [{}] } as unknown as ComputerSceneEvidence)).not.toThrow();
  });

  it("gives a landing root, lists what landed there by content, judges landing_path against it, and removes it", async () => {
    const opened = await openComputerCase(
      mcp,
      {
        landing_root: true,
        script: [
          { send: "client:put_blob", as: "inside", payload: { chunk_offset: 0, eof: true } },
          { send: "client:put_blob", as: "climbs_out", payload: { chunk_offset: 0, eof: true } },
          { send: "client:put_blob", as: "elsewhere", payload: { chunk_offset: 0, eof: true } },
        ],
      },
      "test",
    );
    if (!opened.ok) throw new Error(opened.message);
    const root = opened.call.landing_root!;
    expect(isAbsolute(root) && statSync(root).isDirectory()).toBe(true);
    writeFileSync(join(root, "landed-1"), "hello");
    mkdirSync(join(root, ".staging"));
    writeFileSync(join(root, ".staging", "x.part"), "he");
    const ack = (landing_path: string) => () => ({ upload_id: "u1", chunk_offset: 0, landing_path, total_size: 5, req_id: "r" });
    const answers = [ack(join(root, "landed-1")), ack(`${root}/../landed-1`), ack("/etc/passwd")];
    let n = 0;
    await standIn(opened.call.url, opened.call.office_id, { "client:put_blob": () => answers[n++]!() });
    await opened.case.ended;
    const evidence = await opened.case.close();
    expect(existsSync(root)).toBe(false);
    const hello = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
    const facts = computerFacts(evidence);
    expect(facts.landing).toEqual({ files: 2, landed: [{ size: 5, sha256: hello }] });
    expect(facts.steps.inside).toMatchObject({
      has_upload_id: true,
      landing_path_inside_root: true,
      landed_at_path: { size: 5, sha256: hello },
    });
    expect(facts.steps.climbs_out).toMatchObject({ landing_path_inside_root: false, landed_at_path: null });
    expect(facts.steps.elsewhere).toMatchObject({ landing_path_inside_root: false, landed_at_path: null });
    const spec = prepareComputerScene({ landing_root: true, script: [] });
    if (!spec.ok) throw new Error(spec.problem);
    expect(computerCallOf(spec.spec, computerLocationOf(evidence)).landing_root).toBe(root);
    // Without a landing root the call names none and the facts say so.
    const plain = await openComputerCase(mcp, { script: [], time_box_ms: 1000 }, "test");
    if (!plain.ok) throw new Error(plain.message);
    expect(plain.call.landing_root).toBeUndefined();
    await plain.case.ended;
    expect(computerFacts(await plain.case.close()).landing).toBeNull();
  });

  it("makes the landing root read-only on lock_landing: nothing new in it, its subfolders still writable, then removed", async () => {
    const opened = await openComputerCase(
      mcp,
      { landing_root: true, script: [{ lock_landing: true }, { send: "client:get_tools" }] },
      "test",
    );
    if (!opened.ok) throw new Error(opened.message);
    const root = opened.call.landing_root!;
    mkdirSync(join(root, ".staging"));
    let probed: { root: boolean; staging: boolean } | undefined;
    const tries = (path: string) => {
      try {
        writeFileSync(path, "x");
        return true;
      } catch {
        return false;
      }
    };
    await standIn(opened.call.url, opened.call.office_id, {
      // Answered after the lock step: the root refuses a new file, its staging folder does not.
      "client:get_tools": () => {
        probed = { root: tries(join(root, "landed-late")), staging: tries(join(root, ".staging", "x.part")) };
        return { tools: [] };
      },
    });
    await opened.case.ended;
    const evidence = await opened.case.close();
    expect(probed).toEqual({ root: false, staging: true });
    expect(evidence.steps[0]).toMatchObject({ read_only: true });
    expect(computerFacts(evidence).landing).toEqual({ files: 1, landed: [], read_only: true });
    expect(existsSync(root)).toBe(false);
    expect(await openComputerCase(mcp, { script: [{ lock_landing: true }] }, "test")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/lock_landing needs a landing root/),
    });
  });

  it("refuses a script whose cancel names no earlier tool call", async () => {
    const opened = await openComputerCase(mcp, { script: [{ cancel: "call" }] }, "test");
    expect(opened).toMatchObject({ ok: false, kind: "invalid_input" });
  });
});
