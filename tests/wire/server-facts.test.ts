// The Server-under-test facts from a recorded scene alone: handshakes, acks by ack id per client,
// what each client received (zero counts included), offices named by their labels; damaged records
// give absent facts, never a throw.
import { describe, expect, it } from "vitest";
import { type ServerSceneEvidence, serverComparedValue, serverFacts } from "../../harness/wire/index.ts";

const evidence: ServerSceneEvidence = {
  kind: "server",
  case_id: "t",
  url: "http://127.0.0.1:1",
  offices: { A: "A-xyz" },
  connects: [
    { client: "c1", url: "u", connected: true },
    {
      client: "bad",
      url: "u",
      connected: false,
      status: 400,
      error_code_header: "4008",
      content_type: "Application/JSON; charset=utf-8",
      body: '{"code":4008,"message":"m","server_version":"0.4.0"}',
    },
  ],
  packets: [
    {
      seq: 1,
      t_ms: 1,
      dir: "out",
      conn: "c1",
      type: "event",
      nsp: "/smcp",
      event: "server:join_office",
      args: [{ office_id: "A-xyz" }],
      ack_id: 0,
    },
    { seq: 2, t_ms: 2, dir: "in", conn: "c1", type: "ack", nsp: "/smcp", args: [true, null], ack_id: 0 },
    { seq: 3, t_ms: 3, dir: "in", conn: "c1", type: "event", nsp: "/smcp", event: "notify:enter_office", args: [{ office_id: "A-xyz" }] },
    { seq: 4, t_ms: 4, dir: "in", conn: "other", type: "ack", nsp: "/smcp", args: [false, "no"], ack_id: 0 },
  ],
  steps: [{ index: 0, step: { by: "c1", send: "server:join_office", office: "A", as: "join_c1" }, client: "c1", ack_id: 0 }],
  dropped_packets: 0,
};

describe("serverFacts", () => {
  it("derives handshakes, acks and receptions from the record", () => {
    const facts = serverFacts(evidence);
    expect(facts.handshakes.bad).toMatchObject({
      connected: false,
      status: 400,
      code: 4008,
      error_code_header: "4008",
      media_type: "application/json",
      body_keys: ["code", "message", "server_version"],
    });
    expect(facts.steps.join_c1).toEqual({
      acked: true,
      ack: [true, null],
      shape: "tuple",
      ok: true,
      code: null,
      details: null,
      valid: null,
    });
    expect(facts.clients.c1?.received).toEqual(["notify:enter_office"]);
    expect(facts.clients.c1?.counts["notify:enter_office"]).toBe(1);
    expect(facts.clients.bad?.counts["client:get_tools"]).toBe(0);
    expect(serverComparedValue(evidence)).toMatchObject({ steps: { join_c1: { acked: true, shape: "tuple" } } });
  });

  it("reads an ack only on the step's own client, and an edited ack changes the facts", () => {
    const edited = structuredClone(evidence) as unknown as { packets: Array<{ args?: unknown[] }> };
    edited.packets[1]!.args = [{ code: 4104, message: "cross room" }];
    expect(serverFacts(edited as unknown as ServerSceneEvidence).steps.join_c1).toMatchObject({ shape: "error_payload", code: 4104 });
    const noAck = { ...evidence, packets: evidence.packets.filter((p) => p.seq !== 2) };
    expect(serverFacts(noAck).steps.join_c1).toMatchObject({ acked: false, shape: "none", ok: null });
    edited.packets[1]!.args = [false, "refused"];
    expect(serverFacts(edited as unknown as ServerSceneEvidence).steps.join_c1).toMatchObject({ shape: "tuple", ok: false });
  });

  it("names the events a client received that the vocabulary does not define", () => {
    const gone = { seq: 5, t_ms: 5, dir: "in", conn: "c1", type: "event", nsp: "/smcp", event: "notify:originator_gone", args: [{}] };
    const facts = serverFacts({ ...evidence, packets: [...evidence.packets, gone] } as ServerSceneEvidence);
    expect(facts.clients.c1?.outside_vocabulary).toEqual(["notify:originator_gone"]);
    expect(serverFacts(evidence).clients.c1?.outside_vocabulary).toEqual([]);
  });

  it("compares a refusal's server_version with the version the Server declared at its start", () => {
    expect(serverFacts(evidence, "0.4.0").handshakes.bad?.reports_declared_version).toBe(true);
    expect(serverFacts(evidence, "0.4.2").handshakes.bad?.reports_declared_version).toBe(false);
    expect(serverFacts(evidence).handshakes.bad?.reports_declared_version).toBeNull();
    expect(serverFacts(evidence, "0.4.0").handshakes.c1?.reports_declared_version).toBeNull();
  });

  it("reads a CONNECT_ERROR's code from its extension data, else its top level", () => {
    const refused = (args: unknown[]) =>
      serverFacts({
        ...evidence,
        packets: [...evidence.packets, { seq: 9, t_ms: 9, dir: "in", conn: "bad", type: "connect_error", nsp: "/smcp", args }],
      } as ServerSceneEvidence).handshakes.bad;
    expect(refused([{ message: "Unauthorized", data: { code: 401, message: "Unauthorized" } }])).toMatchObject({ connect_error_code: 401 });
    expect(refused([{ message: "x", code: 401 }])?.connect_error_code).toBe(401);
    expect(refused([{ message: "Connection refused by server" }])).toMatchObject({
      connect_error: { message: "Connection refused by server" },
      connect_error_code: null,
    });
    expect(serverFacts(evidence).handshakes.bad?.connect_error).toBeNull();
  });

  it("tolerates a damaged record", () => {
    expect(() =>
      serverFacts({ kind: "server", packets: [null], steps: [{}], connects: [null] } as unknown as ServerSceneEvidence),
    ).not.toThrow();
  });
});
