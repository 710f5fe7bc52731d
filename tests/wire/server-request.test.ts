// What a wire.server step sends (harness/wire/server-request.ts): the defaults with the payload over
// them and `omit` removed, a null request, or no request at all; the scene's checks on those keys;
// and, against a socket.io Server that echoes what it got, that each goes out on the wire as written.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playServerScene, prepareServerScene, serverFacts } from "../../harness/wire/index.ts";
import { serverRequestOf } from "../../harness/wire/server-request.ts";

const at = { role: "agent", name: "ag", reqId: "r-1", officeId: (label: string) => `${label}-id`, scope: {} };

describe("serverRequestOf", () => {
  it("lays the payload over the defaults and removes what omit names", () => {
    expect(serverRequestOf({ send: "client:get_tools", payload: { computer: "c1" } }, at)).toEqual({
      value: { agent: "ag", req_id: "r-1", computer: "c1" },
    });
    expect(serverRequestOf({ send: "server:join_office", office: "A", payload: { office_id: 42 }, omit: ["name"] }, at)).toEqual({
      value: { role: "agent", office_id: 42 },
    });
  });
  it("sends null itself for payload: null, and nothing for no_payload", () => {
    expect(serverRequestOf({ send: "client:get_tools", payload: null }, at)).toEqual({ value: null });
    expect(serverRequestOf({ send: "server:join_office", no_payload: true }, at)).toEqual({ none: true });
  });
});

describe("prepareServerScene on the request keys", () => {
  const scene = (step: Record<string, unknown>) => prepareServerScene({ clients: { ag: { role: "agent" } }, script: [step] });
  it("refuses fields to fill in or remove on a request that is null or absent", () => {
    expect(scene({ by: "ag", send: "server:join_office", office: "A", payload: null }).ok).toBe(false);
    expect(scene({ by: "ag", send: "server:join_office", no_payload: true, omit: ["name"] }).ok).toBe(false);
    expect(scene({ by: "ag", send: "client:get_tools", no_payload: true, payload: {} }).ok).toBe(false);
    expect(scene({ by: "ag", omit: ["name"], connect: true }).ok).toBe(false);
    expect(scene({ by: "ag", send: "client:get_tools", payload: null }).ok).toBe(true);
  });
});

describe("the requests on the wire", () => {
  let url = "";
  let io: Server;
  beforeAll(async () => {
    const http = createServer();
    io = new Server(http, { serveClient: false });
    // Acks every event with how many arguments came before the ack, and the first of them.
    io.of("/smcp").on("connection", (socket) =>
      socket.onAny((_event: string, ...args: unknown[]) => {
        const ack = args.at(-1);
        if (typeof ack === "function") ack({ count: args.length - 1, first: args.length > 1 ? args[0] : "absent" });
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  it("a null request is one null argument, no_payload none, omit a request without the key", async () => {
    const prepared = prepareServerScene({
      clients: { ag: { role: "agent" } },
      script: [
        { by: "ag", connect: true },
        { by: "ag", send: "client:get_tools", as: "null_request", payload: null },
        { by: "ag", send: "server:join_office", as: "no_request", no_payload: true },
        { by: "ag", send: "server:join_office", as: "nameless", office: "A", omit: ["name"] },
        { quiet: "broadcast" },
      ],
      time_box_ms: 8_000,
    });
    if (!prepared.ok) throw new Error(prepared.problem);
    const evidence = await playServerScene(url, prepared.spec, "server-request");
    const { steps } = serverFacts(evidence);
    expect(steps["null_request"]?.ack).toEqual({ count: 1, first: null });
    expect(steps["no_request"]?.ack).toEqual({ count: 0, first: "absent" });
    expect(steps["nameless"]?.ack).toEqual({ count: 1, first: { role: "agent", office_id: "$office:A" } });
    expect(evidence.steps.find((s) => s.step.as === "no_request")).not.toHaveProperty("request");
  }, 15_000);
});
