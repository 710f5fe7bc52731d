// A failing interop cell names the role whose packets first depart from the chain (issue 44,
// item 2): the Computer that answered the forwarded request with an error, the Server that changed
// the Computer's answer on its way to the Agent, or the Agent that surfaced something else.
import { describe, expect, it } from "vitest";
import { blameStep } from "../../harness/wire/interop-blame.ts";
import type { WirePacket } from "../../harness/wire/scene-record.ts";

let seq = 0;
const packet = (p: Omit<WirePacket, "seq" | "t_ms" | "nsp">): WirePacket => ({ seq: ++seq, t_ms: seq, nsp: "/smcp", ...p });
const conns = { agent: "A", computer: "C" };
const script = [
  { send: "client:get_tools" as const, as: "tools" },
  { sleep_ms: 10, as: "settle" },
  { send: "server:leave_office" as const, as: "leave" },
];
const TOOLS = { tools: [{ name: "inv__get_inventory" }], req_id: "r1" };

/** The Agent's get_tools, forwarded to the Computer, answered `computerAck`, relayed to the Agent as `agentAck`. */
function chain(computerAck: unknown[] | undefined, agentAck: unknown[] | undefined): WirePacket[] {
  return [
    packet({ dir: "in", conn: "A", type: "event", event: "server:join_office", args: [{ role: "agent" }], ack_id: 0 }),
    packet({ dir: "in", conn: "A", type: "event", event: "client:get_tools", args: [{ computer: "c", req_id: "r1" }], ack_id: 1 }),
    packet({ dir: "out", conn: "C", type: "event", event: "client:get_tools", args: [{ computer: "c", req_id: "r1" }], ack_id: 7 }),
    ...(computerAck ? [packet({ dir: "in", conn: "C", type: "ack", args: computerAck, ack_id: 7 })] : []),
    ...(agentAck ? [packet({ dir: "out", conn: "A", type: "ack", args: agentAck, ack_id: 1 })] : []),
  ];
}

describe("the role a failing surfaced step points at", () => {
  it("the Server, when its answer to the Agent is not the Computer's it relayed, or never came", () => {
    expect(blameStep(chain([TOOLS], [{ ...TOOLS, tools: [] }]), conns, script, "tools", true)?.role).toBe("server");
    expect(blameStep(chain([TOOLS], undefined), conns, script, "tools", true)).toEqual({
      role: "server",
      why: "it never answered the Agent's client:get_tools",
    });
  });

  it("the Computer, when it answered the forwarded request with an error, or not at all", () => {
    const error = [{ code: 4003, message: "upstream failed" }];
    expect(blameStep(chain(error, error), conns, script, "tools", true)?.role).toBe("computer");
    expect(blameStep(chain(undefined, undefined), conns, script, "tools", true)).toEqual({
      role: "computer",
      why: "it never answered the client:get_tools the Server forwarded",
    });
  });

  it("the Agent, when the answer passed through unchanged and it still surfaced something else", () => {
    expect(blameStep(chain([TOOLS], [TOOLS]), conns, script, "tools", true)).toEqual({
      role: "agent",
      why: "it surfaced something else than the answer it got to client:get_tools",
    });
    // An error expected and relayed unchanged (a step meant to fail) is no Computer's fault either.
    const error = [{ code: 404, message: "no such computer" }];
    expect(blameStep(chain(error, error), conns, script, "tools", false)?.role).toBe("agent");
  });

  it("a step the Server answers itself (leave): its own error where a success is expected is the Server's", () => {
    const packets = [
      ...chain([TOOLS], [TOOLS]),
      packet({ dir: "in", conn: "A", type: "event", event: "server:leave_office", args: [{ office_id: "o" }], ack_id: 2 }),
      packet({ dir: "out", conn: "A", type: "ack", args: [false, "not in that office"], ack_id: 2 }),
    ];
    expect(blameStep(packets, conns, script, "leave", true)?.role).toBe("server");
    expect(blameStep(packets, conns, script, "settle", true)).toBeUndefined(); // no request: the record cannot tell
    expect(blameStep(packets, { agent: undefined, computer: "C" }, script, "tools", true)).toBeUndefined();
  });
});
