// config_extra_keys: a client:get_config answer's keys beyond data-structures.md's key set
// (harness/wire/config-keys.ts), read as a step fact from a sealed record (computer-facts.ts).
import { describe, expect, it } from "vitest";
import type { ComputerSceneEvidence } from "../../harness/wire/computer-evidence.ts";
import { computerFacts } from "../../harness/wire/computer-facts.ts";
import { configExtraKeys } from "../../harness/wire/config-keys.ts";

/** Every field the page defines, optional ones included: a streamable, a stdio and an SSE config. */
const FULL = {
  inputs: [],
  servers: {
    inv: {
      name: "inventory",
      bundle_id: "inv",
      type: "streamable",
      disabled: false,
      forbidden_tools: ["x"],
      tool_meta: { get_inventory: { auto_apply: true } },
      default_tool_meta: { tags: ["a"] },
      vrl: ".x = 1",
      server_parameters: { url: "http://h/mcp", headers: null, timeout: "PT30S", sse_read_timeout: "PT5M", terminate_on_close: true },
    },
    local: {
      name: "local",
      type: "stdio",
      disabled: true,
      forbidden_tools: [],
      tool_meta: {},
      server_parameters: { command: "node", args: [], env: null, cwd: null, encoding: "utf-8", encoding_error_handler: "strict" },
    },
    feed: {
      name: "feed",
      type: "sse",
      disabled: false,
      forbidden_tools: [],
      tool_meta: {},
      server_parameters: { url: "http://h/sse", headers: null, timeout: 5, sse_read_timeout: 300 },
    },
  },
};

describe("configExtraKeys: the key set of data-structures.md, nothing beyond it", () => {
  it("allows every field the page defines, optional ones present or absent", () => {
    expect(configExtraKeys(FULL)).toEqual([]);
    expect(configExtraKeys({ servers: {} })).toEqual([]);
  });

  it("names a management status on a server object, in its parameters and on the answer, as JSON pointers", () => {
    const answer = structuredClone(FULL) as Record<string, any>;
    Object.assign(answer.servers.inv, { status: "connected", is_active: true, is_connected: true });
    answer.servers.local.server_parameters.pid = 4242;
    // An SSE config's parameters have no terminate_on_close: the streamable type's field is not the SSE type's.
    answer.servers.feed.server_parameters.terminate_on_close = true;
    answer.diagnostics = [];
    answer.servers["a/b"] = { name: "x", type: "stdio", health: "ok" };
    expect(configExtraKeys(answer)).toEqual([
      "/diagnostics",
      "/servers/a~1b/health",
      "/servers/feed/server_parameters/terminate_on_close",
      "/servers/inv/is_active",
      "/servers/inv/is_connected",
      "/servers/inv/status",
      "/servers/local/server_parameters/pid",
    ]);
  });

  it("checks an unknown type's own fields but not its parameters, and reads nothing from a non-object", () => {
    const answer = { servers: { s: { name: "s", type: "http", status: "x", server_parameters: { url: "u", anything: 1 } } } };
    expect(configExtraKeys(answer)).toEqual(["/servers/s/status"]);
    expect(configExtraKeys(null)).toEqual([]);
    expect(configExtraKeys([])).toEqual([]);
    expect(configExtraKeys({ servers: { s: "no object" } })).toEqual([]);
  });
});

describe("config_extra_keys as a get_config step fact", () => {
  const secret = "0123456789abcdef0123456789abcdef";
  const evidence = (answer: unknown) =>
    ({
      kind: "computer",
      url: `http://127.0.0.1:1/?smcp_case=${secret}`,
      office_id: "o",
      computer_name: "c",
      handshakes: [{ conn: "k", t_ms: 0, url: `/socket.io/?smcp_case=${secret}&EIO=4`, transport: "polling" }],
      packets: [{ seq: 1, t_ms: 1, dir: "in", conn: "k", type: "ack", nsp: "/smcp", ack_id: 7, args: [answer] }],
      steps: [{ index: 0, step: { send: "client:get_config" }, req_id: "r", conn: "k", ack_id: 7, t_ms: 0 }],
      planted_secrets: [],
      mcp: {},
    }) as unknown as ComputerSceneEvidence;

  it("is read from the recorded ack, so an edited ack changes it", () => {
    expect(computerFacts(evidence(FULL)).steps.get_config?.config_extra_keys).toEqual([]);
    const rust = { servers: { inv: { name: "inventory", type: "http", status: "connected", is_active: true, is_connected: true } } };
    expect(computerFacts(evidence(rust)).steps.get_config?.config_extra_keys).toEqual([
      "/servers/inv/is_active",
      "/servers/inv/is_connected",
      "/servers/inv/status",
    ]);
  });
});
