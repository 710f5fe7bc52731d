// How a client reached a kit Server (client-facts.ts): an auth object or none, and the URL query
// keys the client chose, on hand-made packets.
import { describe, expect, it } from "vitest";
import { connectionFacts } from "../../harness/wire/client-facts.ts";
import type { WirePacket } from "../../harness/wire/scene-record.ts";

const connect = (args?: unknown[]): WirePacket => ({
  seq: 1,
  t_ms: 1,
  dir: "in",
  conn: "c",
  type: "connect",
  nsp: "/smcp",
  ...(args ? { args } : {}),
});

describe("connectionFacts", () => {
  it("tells an empty auth object from a CONNECT without one", () => {
    expect(connectionFacts([connect([{}])], undefined).handshake.auth_is_object).toBe(true);
    expect(connectionFacts([connect()], undefined).handshake.auth_is_object).toBe(false);
    expect(connectionFacts([connect([null])], undefined).handshake.auth_is_object).toBe(false);
    expect(connectionFacts([connect()], undefined).handshake.auth).toBeNull();
    expect(connectionFacts([connect([{ tenant: "t" }])], undefined).handshake.auth).toEqual({ tenant: "t" });
  });

  it("keeps the query keys the client chose, without Engine.IO's own or the case's seal", () => {
    const url = "/socket.io/?smcp_case=ab&a2c_version=0.4.0&role=agent&EIO=4&transport=polling&t=x&a2c_version=9.9.9";
    expect(connectionFacts([connect([{}])], { url, transport: "polling" }).handshake.query_keys).toEqual(["a2c_version", "role"]);
  });
});
