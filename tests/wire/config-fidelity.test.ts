// The config relay (issue 43 item 1): a client:get_config server object against the page's
// projection of the config the kit gave, every change allowed by a stated rule or unexplained.
import { describe, expect, it } from "vitest";
import { configFidelity } from "../../harness/wire/config-fidelity.ts";

const SECRET = "kit-secret-0123456789abcdef";
const configured = [
  {
    name: "inventory",
    type: "streamable_http",
    url: "http://127.0.0.1:1/c/x/mcp",
    headers: { Authorization: `Bearer ${SECRET}` },
    bundle_id: "inv",
    forbidden_tools: ["get_price"],
    tool_meta: { get_inventory: { auto_apply: true } },
  },
  { name: "local", type: "stdio", command: "/usr/bin/node", args: ["bridge.mjs", "http://127.0.0.1:1/c/y/mcp"], bundle_id: "inv2" },
  { name: "spare", type: "streamable_http", url: "http://127.0.0.1:1/c/z/mcp" },
];
/** What a Computer that follows the page answers (Python's shape, the credential masked). */
const faithful = () => ({
  inputs: [],
  servers: {
    inv: {
      name: "inventory",
      bundle_id: "inv",
      disabled: false,
      forbidden_tools: ["get_price"],
      tool_meta: { get_inventory: { auto_apply: true, alias: null, tags: null, ret_object_mapper: null } },
      default_tool_meta: null,
      vrl: null,
      type: "streamable",
      server_parameters: {
        url: "http://127.0.0.1:1/c/x/mcp",
        headers: { Authorization: "***" },
        timeout: "PT30S",
        sse_read_timeout: "PT5M",
        terminate_on_close: true,
      },
    },
    inv2: {
      name: "local",
      bundle_id: "inv2",
      disabled: false,
      forbidden_tools: [],
      tool_meta: {},
      type: "stdio",
      server_parameters: {
        command: "/usr/bin/node",
        args: ["bridge.mjs", "http://127.0.0.1:1/c/y/mcp"],
        env: null,
        cwd: null,
        encoding: "utf-8",
        encoding_error_handler: "strict",
      },
    },
    spare: {
      name: "spare",
      bundle_id: "spare",
      disabled: false,
      forbidden_tools: [],
      tool_meta: {},
      type: "streamable",
      server_parameters: { url: "http://127.0.0.1:1/c/z/mcp", headers: {}, timeout: 60, sse_read_timeout: 300, terminate_on_close: false },
    },
  },
});
const derived = { inventory: "inventory", local: "local", spare: "spare" };

describe("config fidelity", () => {
  it("explains a faithful projection: nulls for unset fields, a derived bundle_id, a masked credential, the Computer's own defaults", () => {
    const f = configFidelity(configured, faithful(), derived, [SECRET]);
    expect(f.unexplained).toEqual([]);
    expect(f.changes.find((c) => c.path === "/servers/inv/server_parameters/headers/Authorization")?.allowed_by).toMatch(
      /config-visibility\/2/,
    );
    expect(f.changes.find((c) => c.path === "/servers/spare/bundle_id")?.allowed_by).toMatch(/basemcpserverconfig\/4/);
    expect(f.changes.find((c) => c.path === "/servers/spare/server_parameters/headers")?.open).toMatch(/empty map and null/);
  });

  it("names a renamed type, dropped required parameters, added diagnostics and a changed value", () => {
    const answer = faithful();
    const inv = answer.servers.inv as Record<string, unknown>;
    inv.type = "http";
    inv.status = "connected";
    inv.server_parameters = { url: "http://127.0.0.1:1/c/x/mcp", headers: {} };
    inv.forbidden_tools = [];
    const local = answer.servers.inv2.server_parameters as Record<string, unknown>;
    delete local.encoding;
    local.command = "/bin/sh";
    const f = configFidelity(configured, answer, derived, [SECRET]);
    expect(f.unexplained).toEqual([
      "/servers/inv/type",
      "/servers/inv/forbidden_tools/0",
      "/servers/inv/server_parameters/timeout",
      "/servers/inv/server_parameters/sse_read_timeout",
      "/servers/inv/server_parameters/terminate_on_close",
      "/servers/inv/status",
      "/servers/inv2/server_parameters/command",
      "/servers/inv2/server_parameters/encoding",
    ]);
    // The header the kit gave held its credential: left out, it is the credential removal the page asks for.
    expect(f.changes.find((c) => c.path === "/servers/inv/server_parameters/headers/Authorization")?.allowed_by).toMatch(
      /config-visibility\/2/,
    );
  });

  it("does not excuse a header that held no credential, and skips servers mounted later or not answered", () => {
    const plain = [
      { ...configured[0]!, headers: { "X-Kit": "plain" } },
      { ...configured[1]!, mount_later: true },
    ];
    const answer = faithful();
    (answer.servers.inv.server_parameters as Record<string, unknown>).headers = {};
    const f = configFidelity(plain, answer, derived, [SECRET]);
    expect(f.unexplained).toEqual(["/servers/inv/server_parameters/headers/X-Kit"]);
    expect(f.changes.some((c) => c.path.startsWith("/servers/inv2"))).toBe(false);
    expect(configFidelity(configured, { servers: {} }, derived, []).changes).toEqual([]);
  });
});
