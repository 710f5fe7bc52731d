// A local path planted in a failing stdio start (harness/wire/unusable-cwd.ts): the call carries it
// as the stdio config's cwd, no directory can be made there, audit rebuilds the call from the
// evidence, the case removes its folder, and the facts find the path in an error's details or in
// anything the Computer sent, by the whole path or by the canary file's name alone.
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import type { ComputerSceneEvidence } from "../../harness/wire/computer-evidence.ts";
import { computerCallOf, computerFacts, computerLocationOf, openComputerCase } from "../../harness/wire/index.ts";
import type { WirePacket } from "../../harness/wire/scene-record.ts";
import { plantedPathInDetails, plantedPathSightings } from "../../harness/wire/unusable-cwd.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

const packet = (p: Partial<WirePacket>): WirePacket => ({ seq: 1, t_ms: 0, dir: "in", conn: "c", type: "event", nsp: "/smcp", ...p });
const PLANTED = "/tmp/smcp-cwd-AbC123/canary-0123456789abcdef/work";

describe("an unusable cwd planted in a stdio config", () => {
  it("is given as the stdio config's cwd, cannot be made a directory, is rebuilt by audit and removed with the case", async () => {
    const opened = await openComputerCase(
      mcp,
      {
        servers: [
          { name: "broken", bundle_id: "brk", transport: "stdio", unusable_cwd: true },
          { name: "inventory", bundle_id: "inv" },
        ],
        script: [],
        time_box_ms: 1000,
      },
      "cwd",
    );
    if (!opened.ok) throw new Error(opened.message);
    const [broken, plain] = opened.call.servers as Record<string, unknown>[];
    const cwd = broken?.cwd as string;
    expect(cwd).toMatch(/\/smcp-cwd-[^/]+\/canary-[0-9a-f]{16}\/work$/);
    expect(plain).not.toHaveProperty("cwd");
    // Its parent is a regular file: neither a start nor a Computer that creates a missing cwd can use it.
    expect(statSync(dirname(cwd)).isFile()).toBe(true);
    expect(() => mkdirSync(cwd, { recursive: true })).toThrow();
    const evidence = await opened.case.close();
    expect(evidence.mcp_stdio?.broken?.cwd).toBe(cwd);
    expect(computerCallOf(opened.spec, computerLocationOf(evidence))).toEqual(opened.call);
    expect(computerFacts(evidence).planted_paths).toBe(1);
    expect(existsSync(dirname(dirname(cwd)))).toBe(false);
  });

  it("is refused on a server that is not pinned to stdio", async () => {
    const opened = await openComputerCase(mcp, { servers: [{ name: "broken", unusable_cwd: true }], script: [] }, "cwd-http");
    expect(opened).toMatchObject({ ok: false, kind: "invalid_input" });
  });

  it("is found in an error's details by the whole path or by the canary file's name, and nowhere else", () => {
    expect(plantedPathInDetails({ cause: `spawn failed: ENOTDIR ${PLANTED}` }, [PLANTED])).toEqual(["/cause"]);
    expect(plantedPathInDetails({ errors: [{ where: "canary-0123456789abcdef/work" }] }, [PLANTED])).toEqual(["/errors/0/where"]);
    expect(plantedPathInDetails({ [PLANTED]: "x" }, [PLANTED])).toEqual([`/${PLANTED.replace(/\//g, "~1")} (key)`]);
    expect(plantedPathInDetails({ cause: "spawn ENOTDIR" }, [PLANTED])).toEqual([]);
    expect(plantedPathInDetails({ cause: PLANTED }, [])).toEqual([]);
  });

  it("is sought in what the Computer sent only, not in what the Server sent it", () => {
    const packets = [
      packet({ event: "server:update_config", args: [{ note: "canary-0123456789abcdef" }] }),
      packet({ dir: "out", event: "client:tool_call", args: [{ tool_name: PLANTED }] }),
      packet({ type: "ack", args: [{ content: [{ type: "text", text: `cwd ${PLANTED}` }], isError: true }] }),
    ];
    expect(plantedPathSightings([PLANTED], packets)).toEqual(["server:update_config/0/note", "ack/0/content/0/text"]);
    expect(plantedPathSightings([], packets)).toEqual([]);
  });

  it("the facts read the planted path from the evidence and the error details from the steps' acks", () => {
    const evidence = {
      kind: "computer",
      case_id: "c",
      url: "http://127.0.0.1:1/?smcp_case=0123456789abcdef0123456789abcdef",
      office_id: "o",
      computer_name: "wire-computer",
      handshakes: [{ conn: "c", t_ms: 0, url: "/socket.io/?smcp_case=0123456789abcdef0123456789abcdef&EIO=4", transport: "polling" }],
      packets: [
        packet({
          seq: 2,
          type: "ack",
          ack_id: 0,
          args: [{ code: 4001, message: "Tool not found", details: { cause: `ENOTDIR ${PLANTED}` } }],
        }),
        packet({ seq: 3, type: "ack", ack_id: 1, args: [{ code: 4014, message: "not registered", details: { name: "x" } }] }),
      ],
      steps: [
        { index: 0, step: { send: "client:tool_call", as: "call" }, request: {}, conn: "c", ack_id: 0 },
        { index: 1, step: { send: "client:get_skill", as: "skill" }, request: {}, conn: "c", ack_id: 1 },
      ],
      planted_secrets: [],
      mcp: {},
      mcp_stdio: { broken: { command: "/usr/bin/node", args: ["/k/mcp-stdio-bridge.mjs", "http://127.0.0.1:2/c/x/mcp"], cwd: PLANTED } },
      ended: "closed",
      dropped_packets: 0,
    } as unknown as ComputerSceneEvidence;
    const facts = computerFacts(evidence);
    expect(facts.planted_paths).toBe(1);
    expect(facts.planted_path_in_error_details).toEqual(["call: /cause"]);
    expect(facts.planted_path_sightings).toEqual(["ack/0/details/cause"]);
    const { mcp_stdio: _, ...unplanted } = evidence;
    expect(computerFacts(unplanted as ComputerSceneEvidence)).toMatchObject({
      planted_paths: 0,
      planted_path_in_error_details: [],
      planted_path_sightings: [],
    });
  });
});
