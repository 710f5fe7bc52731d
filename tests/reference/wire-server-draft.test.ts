// The reference's Server at the 0.5.0-dev draft (adapters/reference/server/room-model-draft.ts):
// plain `reference` in a run judged at the draft is the reading whose Server follows the draft's
// room model, played through the kit's own wire.server path (runCorpus: the harness's scripted
// clients, facts and judge), while the 0.4.0 reading keeps its own rules. Then the acks' details
// and the rules no vector judges yet, with socket.io-client on 127.0.0.1.
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceReadingAt } from "../../harness/impl/reference-in-process.ts";
import { selectImplementations } from "../../harness/impl/registry.ts";
import type { Implementation } from "../../harness/model/implementation.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { connectSmcp, joinOffice } from "./smcp-client.ts";

const DRAFT = "0.5.0-dev";
const corpus = loadCorpus();
const draftVectors = selectVectors(corpus, { suites: ["wire-server"], filter: "wire-server/draft-0.5.0/" });
const [draft] = selectImplementations(["reference"], {}, { protocol: DRAFT }).map((s) => s.implementation) as [Implementation];

const open: Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => draft.stop());

describe("plain `reference` judged at the draft", () => {
  it("is the reading whose handshake claims 0.5.0-dev; at released versions it stays the 0.4.0 reference", async () => {
    expect(draft.name).toBe("reference@0.5.0-dev");
    expect((await draft.start()).protocol_version).toBe(DRAFT);
    expect(referenceReadingAt(undefined)).toBe("0.4");
    expect(referenceReadingAt("0.4.0")).toBe("0.4");
    expect(referenceReadingAt("0.3.0")).toBe("0.4");
    expect(selectImplementations(["reference"], {}, { protocol: "0.3.0" })[0]?.implementation.name).toBe("reference");
    expect(selectImplementations(["reference@0.5.0-dev"])[0]?.implementation.name).toBe("reference@0.5.0-dev");
  });

  it("passes every draft room-model vector through the kit's wire.server path (4101 for a second Computer or Agent, 4106, moves)", async () => {
    const ids = draftVectors.map((v) => v.id);
    expect(ids).toEqual(
      expect.arrayContaining(["wire-server/draft-0.5.0/second-computer-refused", "wire-server/draft-0.5.0/agent-elsewhere-4106"]),
    );
    const report = await runCorpus({ corpus, vectors: draftVectors, implementations: [draft], protocol: DRAFT });
    const judged = report.cases.filter((c) => c.status !== "observed");
    expect(judged.map((c) => [c.vector_id, c.status])).toEqual(judged.map((c) => [c.vector_id, "pass"]));
    expect(judged.length).toBe(draftVectors.filter((v) => v.tier === "must").length);
  }, 60_000);

  it("the 0.4.0 reading at the draft answers with its tuples, so the same vectors fail there", async () => {
    const [released] = selectImplementations(["reference"]).map((s) => s.implementation) as [Implementation];
    const vectors = draftVectors.filter((v) => v.id.endsWith("/second-computer-refused") || v.id.endsWith("/agent-elsewhere-4106"));
    const report = await runCorpus({ corpus, vectors, implementations: [released], protocol: DRAFT });
    expect(report.cases.map((c) => c.status)).toEqual(["fail", "fail"]);
  }, 60_000);
});

const connect = (url: string) => connectSmcp(url, open);

const join = joinOffice;
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("the draft Server's acks and rules", () => {
  it("names the office and the seat in 4101 and 4106, refuses a changed identity with 403, leaves the session's own office", async () => {
    const answer = await draft.call("wire.server", { action: "start", time_box_ms: 20_000 });
    const { url, server_id, a2c_version } = (answer.result as { output: { url: string; server_id: string; a2c_version: string } }).output;
    expect(a2c_version).toBe("0.4.0"); // the gate the kit's clients connect through, at the draft too
    const [a, a2, c1, c2] = await Promise.all([connect(url), connect(url), connect(url), connect(url)]);

    expect(await join(a, "agent", "a", "R1")).toEqual([]);
    expect(await join(c1, "computer", "c1", "R1")).toEqual([]);
    expect(await join(c2, "computer", "c2", "R2")).toEqual([]);
    expect(await join(c2, "computer", "c2", "R1")).toEqual([
      { code: 4101, message: "Room already has a computer", details: { office_id: "R1", role: "computer" } },
    ]);
    expect(await join(a2, "agent", "a2", "R1")).toEqual([
      { code: 4101, message: "Room already has an agent", details: { office_id: "R1", role: "agent" } },
    ]);
    expect(await join(a, "agent", "a", "R2")).toEqual([
      { code: 4106, message: "Agent already in another room", details: { office_id: "R1" } },
    ]);
    expect((await join(c1, "computer", "someone-else", "R1"))[0]).toMatchObject({
      code: 403,
      details: { office_id: "R1", role: "computer", name: "c1" },
    });
    expect((await join(c1, "boss", "c1", "R1"))[0]).toMatchObject({ code: 400 });
    expect(await join(c1, "computer", "c1", "R1")).toEqual([]); // idempotent
    // A name held only in another office is answered as one held nowhere.
    expect((await a.ask("client:get_tools", { agent: "a", req_id: "r1", computer: "c2" }))[0]).toMatchObject({ code: 404 });
    await settle();
    expect(a.received).toEqual([{ event: "notify:enter_office", data: { office_id: "R1", computer: "c1" } }]);

    // The leave acts on the session's own office, whatever office_id it names; a second leave has nothing left to leave.
    expect(await c1.ask("server:leave_office", { office_id: "R2" })).toEqual([]);
    expect(await c1.ask("server:leave_office", { office_id: "R1" })).toEqual([]);
    expect((await c1.ask("server:leave_office", {}))[0]).toMatchObject({ code: 400 });
    await settle();
    expect(a.received.at(-1)).toEqual({ event: "notify:leave_office", data: { office_id: "R1", computer: "c1" } });
    expect(c2.received.map((r) => r.event)).toEqual([]);
    // The seat is free again: the rebinding is leave (old) then enter (new).
    expect(await join(c2, "computer", "c2", "R1")).toEqual([]);
    await settle();
    expect(a.received.slice(-1)).toEqual([{ event: "notify:enter_office", data: { office_id: "R1", computer: "c2" } }]);

    expect((await draft.call("wire.server", { action: "stop", server_id })).result).toMatchObject({ kind: "ok" });
  });
});
