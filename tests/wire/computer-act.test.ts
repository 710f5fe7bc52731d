// A script's `computer:` steps (harness/wire/computer-act.ts): the scene's checks, the act call a
// stand-in Computer receives, and the facts derived from the record (the adapter's result, whether
// the connection ended, what the Computer sent from the act on).
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallResult } from "../../harness/model/implementation.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import { actOutcome } from "../../harness/wire/computer-act.ts";
import { type ComputerActCall, computerFacts, openComputerCase, prepareComputerScene } from "../../harness/wire/index.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

describe("lifecycle acts", () => {
  it("has a mount name a scene server that sets its bundle_id, and keeps set to mount steps", () => {
    const servers = [{ name: "inventory", bundle_id: "inv" }, { name: "spare" }];
    expect(prepareComputerScene({ servers, script: [{ computer: "mount", bundle_id: "inv", set: { disabled: true } }] })).toMatchObject({
      ok: true,
    });
    expect(prepareComputerScene({ servers, script: [{ computer: "mount", bundle_id: "spare" }] })).toMatchObject({ ok: false });
    expect(prepareComputerScene({ servers, script: [{ computer: "mount" }] })).toMatchObject({ ok: false });
    expect(prepareComputerScene({ servers, script: [{ computer: "unmount", bundle_id: "inv", set: { disabled: true } }] })).toMatchObject({
      ok: false,
    });
  });
  it("refuses a bundle_id without an unmount, an unmount without one, and an act name used twice", () => {
    expect(prepareComputerScene({ script: [{ computer: "unmount" }] })).toMatchObject({ ok: false });
    expect(prepareComputerScene({ script: [{ computer: "state", bundle_id: "x" }] })).toMatchObject({ ok: false });
    expect(prepareComputerScene({ script: [{ computer: "state" }, { computer: "state" }] })).toMatchObject({ ok: false });
    expect(
      prepareComputerScene({
        script: [
          { computer: "state", as: "a" },
          { computer: "state", as: "b" },
        ],
      }),
    ).toMatchObject({ ok: true });
  });

  it("reads the outcome from the adapter's result", () => {
    expect(actOutcome({ kind: "ok", output: { done: true } })).toBe("done");
    expect(actOutcome({ kind: "ok", output: { done: false, raised: { type: "X", message: "m" } } })).toBe("raised");
    expect(actOutcome({ kind: "unsupported" })).toBe("unsupported");
    expect(actOutcome({ kind: "timeout", message: "t" })).toBe("no_answer");
    expect(actOutcome(undefined)).toBe("no_answer");
  });

  it("calls the actor with the scene's office, judges what the Computer sent after the act, and tells a Computer that left that the scene is over", async () => {
    const calls: ComputerActCall[] = [];
    let send: (event: string) => void = () => {};
    let leave: () => void = () => {};
    const actor = async (call: ComputerActCall): Promise<CallResult> => {
      calls.push(call);
      // The stand-in announces a change, then ends its own connection.
      send("server:update_config");
      setTimeout(() => leave(), 20);
      return { kind: "ok", output: { done: true, raised: null, api: "stand-in" } };
    };
    const input = { script: [{ computer: "unmount", bundle_id: "inv", as: "gone" }, { quiet: "trailing" }], time_box_ms: 4000 };
    const opened = await openComputerCase(mcp, input, "act", "streamable_http", actor);
    if (!opened.ok) throw new Error(opened.message);
    const { origin, searchParams } = new URL(opened.call.url);
    const socket = io(`${origin}/smcp`, {
      query: { ...Object.fromEntries(searchParams), a2c_version: "0.4.0" },
      transports: ["polling", "websocket"],
      reconnection: false,
    });
    send = (event) => socket.emit(event, { computer: "wire-computer" });
    leave = () => socket.disconnect();
    socket.on("connect", () =>
      socket.emit("server:join_office", { role: "computer", name: "wire-computer", office_id: opened.call.office_id }, () => undefined),
    );
    await opened.case.ended;
    const evidence = await opened.case.close();
    // The stand-in left on its own, so it cannot be disconnected: the scene ends by telling its adapter.
    expect(calls).toEqual([
      { office_id: opened.call.office_id, act: "unmount", bundle_id: "inv" },
      { office_id: opened.call.office_id, act: "end_scene" },
    ]);
    expect(evidence.scene_end).toEqual({
      request: { office_id: opened.call.office_id, act: "end_scene" },
      result: expect.objectContaining({ kind: "ok" }),
    });
    expect(computerFacts(evidence).acts.gone).toEqual({
      outcome: "done",
      state: null,
      disconnected: false,
      events_since: ["server:update_config"],
      updates_since: ["server:update_config"],
    });
  });
});
