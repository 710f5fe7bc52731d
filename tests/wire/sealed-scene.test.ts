// Sealed scenes (issue 41, item 6): any local process can read the machine's listening ports. A
// hostile adapter connected to other cases' Socket.IO scenes and its packets were judged as theirs
// (4 Python lifecycle failures, and a silent adapter passing a MUST on another's handshake). A
// scene now admits only handshakes carrying its case's secret; the others are intruders: refused,
// recorded, never judged. `audit` fails a report whose evidence holds an unadmitted connection.
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import {
  type ComputerSceneEvidence,
  computerFacts,
  openAgentCase,
  openComputerCase,
  openRelay,
  prepareAgentScene,
} from "../../harness/wire/index.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

/** A socket.io-client to `url`'s Server presenting `query`: how the attempt ended, after emitting what a Computer would. */
function attempt(url: string, query: Record<string, string>, transports: string[] = ["polling", "websocket"]) {
  const socket = io(`${new URL(url).origin}/smcp`, { query, transports, reconnection: false, forceNew: true });
  return new Promise<"admitted" | "refused">((resolve) => {
    socket.on("connect", () => {
      socket.emit("server:update_config", { computer: "intruder" });
      socket.emit("server:join_office", { role: "computer", name: "intruder", office_id: "office-elsewhere" }, () => undefined);
      resolve("admitted");
    });
    socket.on("connect_error", () => {
      socket.close();
      resolve("refused");
    });
  });
}

/** The case's own Computer: the call's URL, its secret included; joins and answers get_tools; resolves when disconnected. */
function computer(url: string, office: string) {
  const { origin, searchParams } = new URL(url);
  const socket = io(`${origin}/smcp`, {
    query: { ...Object.fromEntries(searchParams), a2c_version: "0.4.0" },
    transports: ["polling", "websocket"],
    reconnection: false,
    forceNew: true,
  });
  socket.on("client:get_tools", (req: { req_id?: string }, ack: (v: unknown) => void) => ack({ tools: [], req_id: req.req_id }));
  socket.on("connect", () =>
    socket.emit("server:join_office", { role: "computer", name: "wire-computer", office_id: office }, () => undefined),
  );
  return new Promise<void>((resolve) => socket.on("disconnect", () => resolve()));
}

describe("a sealed wire scene", () => {
  it("refuses handshakes without the case's secret, records them as intruders and judges only its own Computer", async () => {
    const opened = await openComputerCase(mcp, { script: [{ send: "client:get_tools" }], time_box_ms: 5_000 }, "sealed");
    if (!opened.ok) throw new Error(opened.message);
    const secret = new URL(opened.call.url).searchParams.get("smcp_case");
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    expect(await attempt(opened.call.url, { a2c_version: "0.4.0" })).toBe("refused");
    // Directly on WebSocket, with a secret that is not this case's (another case's, say).
    expect(await attempt(opened.call.url, { a2c_version: "0.4.0", smcp_case: "0".repeat(32) }, ["websocket"])).toBe("refused");
    await computer(opened.call.url, opened.call.office_id);
    await opened.case.ended;
    const evidence = await opened.case.close();

    expect(evidence.intruders).toEqual([
      {
        t_ms: expect.any(Number),
        remote_port: expect.any(Number),
        presented: null,
        url: expect.stringMatching(/^\/socket\.io\/\?a2c_version=0\.4\.0&/),
      },
      {
        t_ms: expect.any(Number),
        remote_port: expect.any(Number),
        presented: "0".repeat(32),
        url: expect.stringContaining("transport=websocket"),
      },
    ]);
    expect(evidence.handshakes).toHaveLength(1);
    expect(evidence.handshakes[0]!.url).toContain(`smcp_case=${secret}`);
    expect(new Set(evidence.packets.map((p) => p.conn))).toEqual(new Set([evidence.handshakes[0]!.conn]));
    const facts = computerFacts(evidence);
    expect(facts.join).toEqual({ role: "computer", name: "wire-computer", office_matches: true, asks_ack: true, count: 1 });
    expect(facts.updates_before_join).toEqual([]);
    expect(facts.steps.get_tools).toMatchObject({ acked: true, shape: "model" });
  }, 15_000);

  it("reads the facts from admitted connections only, whatever else a record holds", async () => {
    const opened = await openComputerCase(mcp, { script: [], time_box_ms: 5_000 }, "sealed-facts");
    if (!opened.ok) throw new Error(opened.message);
    await computer(opened.call.url, opened.call.office_id);
    await opened.case.ended;
    const evidence = await opened.case.close();
    const before = computerFacts(evidence);
    const join = { dir: "in", conn: "stranger", type: "event", nsp: "/smcp", event: "server:join_office", args: [{ name: "intruder" }] };
    const tainted: ComputerSceneEvidence = {
      ...evidence,
      handshakes: [{ conn: "stranger", t_ms: 0, url: "/socket.io/?a2c_version=0.3.0&EIO=4", transport: "polling" }, ...evidence.handshakes],
      packets: [{ ...join, seq: 0, t_ms: 0 } as ComputerSceneEvidence["packets"][number], ...evidence.packets],
    };
    expect(computerFacts(tainted)).toEqual(before);
    // A record whose URL carries no secret (a scene before sealing) admits no connection at all.
    expect(computerFacts({ ...evidence, url: new URL(evidence.url).origin }).connected).toBe(false);
  }, 15_000);

  it("seals the Agent scene and the interop relay the same way", async () => {
    const prepared = prepareAgentScene({ script: [] });
    if (!prepared.ok) throw new Error(prepared.problem);
    const agentCase = await openAgentCase("sealed-agent", prepared.spec);
    const relay = await openRelay("http://127.0.0.1:9"); // nothing upstream: the intruder never gets that far
    for (const url of [agentCase.call.url, relay.url]) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?smcp_case=[0-9a-f]{32}$/);
      expect(await attempt(url, { a2c_version: "0.4.0" })).toBe("refused");
    }
    for (const record of [await agentCase.close(), await relay.close()]) {
      expect(record.intruders).toHaveLength(1);
      expect(record.handshakes).toEqual([]);
      expect(record.packets).toEqual([]);
    }
  }, 15_000);
});

describe("MCP scenes: the case path is the seal", () => {
  it("a request to another open case's path without its random tail is a stray, not that case's", async () => {
    const ids = [mcp.newCaseId("sealed-mcp"), mcp.newCaseId("sealed-mcp")];
    // 12 random bytes (96 bits) end each id: knowing one's own id (or the counter) gives no other.
    for (const id of ids) expect(id).toMatch(/-[A-Za-z0-9_-]{16}$/);
    const open = mcp.openCase({ id: ids[1]!, transport: "streamable_http", mode: "dual", scene: null });
    const strays = mcp.strayRequests().count;
    const guessed = ids[1]!.slice(0, -16) + ids[0]!.slice(-16);
    expect((await fetch(`${mcp.baseUrl}/c/${guessed}/mcp`, { method: "POST", body: "{}" })).status).toBe(404);
    expect(mcp.strayRequests().count).toBe(strays + 1);
    expect((await open.close()).exchanges).toEqual([]);
  });
});

describe("audit and a sealed scene", () => {
  it("a report whose evidence holds packets of a connection that presented no secret fails the audit", async () => {
    const corpus = loadCorpus();
    const id = "wire-computer/lifecycle/connect-and-join";
    const report = await runCorpus({ corpus, vectors: selectVectors(corpus, { ids: [id] }), implementations: [referenceInProcess()] });
    const json = JSON.parse(JSON.stringify(report));
    expect(auditReport(json).problems).toEqual([]);
    const evidence = json.cases[0].transcript.wire.evidence as { handshakes: unknown[]; packets: Array<Record<string, unknown>> };
    // What the run before sealing recorded: a stranger's handshake (no smcp_case) and its packets beside the Computer's.
    evidence.handshakes.push({
      conn: "stranger",
      t_ms: 1,
      url: "/socket.io/?a2c_version=0.4.0&EIO=4&transport=polling",
      transport: "polling",
    });
    evidence.packets.push({ seq: 999, t_ms: 1, dir: "in", conn: "stranger", type: "connect", nsp: "/smcp", args: [{}] });
    evidence.packets.push({ seq: 1000, t_ms: 2, dir: "in", conn: "stranger", type: "event", nsp: "/smcp", event: "server:update_config" });
    expect(auditReport(json).problems).toEqual([
      `reference ${id}: connection stranger did not present the case's secret at its handshake, yet 2 of its packets are in the evidence (an intruder's packets taken as the case's)`,
    ]);
  }, 15_000);
});
