// A scene server's display_name (a same-name pair, conformance-tests.md §2.0): the Computer gets it
// as the config's name, the scene keeps its own key for the server (its MCP record, the facts by
// server), audit rebuilds the same call, and without it the config's name is the scene's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import { computerCallOf, computerLocationOf, openComputerCase } from "../../harness/wire/index.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

describe("a display name two scene servers share", () => {
  it("is the config's name, while the scene's own name keys the MCP record", async () => {
    const opened = await openComputerCase(
      mcp,
      {
        servers: [
          { name: "left", display_name: "Inventory Service", bundle_id: "inv-left" },
          { name: "right", display_name: "Inventory Service", bundle_id: "inv-right" },
          { name: "plain", bundle_id: "inv-plain" },
        ],
        script: [],
        time_box_ms: 1000,
      },
      "display",
    );
    if (!opened.ok) throw new Error(opened.message);
    const evidence = await opened.case.close();
    expect(opened.call.servers.map((s) => [s.name, s.bundle_id])).toEqual([
      ["Inventory Service", "inv-left"],
      ["Inventory Service", "inv-right"],
      ["plain", "inv-plain"],
    ]);
    expect(Object.keys(evidence.mcp).sort()).toEqual(["left", "plain", "right"]);
    expect(opened.call.servers[0]?.url).toBe(evidence.mcp.left?.url);
    expect(opened.call.servers[1]?.url).toBe(evidence.mcp.right?.url);
    expect(computerCallOf(opened.spec, computerLocationOf(evidence))).toEqual(opened.call);
  });

  it("does not let two scene servers share the scene's own name", async () => {
    const opened = await openComputerCase(mcp, { servers: [{ name: "a" }, { name: "a", display_name: "b" }], script: [] }, "dup");
    expect(opened).toMatchObject({ ok: false, kind: "invalid_input" });
  });
});
