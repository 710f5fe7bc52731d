import { describe, expect, it } from "vitest";
import { canarySightings } from "../../harness/wire/canary-scan.ts";
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
