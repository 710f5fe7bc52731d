// The reference Computer starts only the kit's stdio bridge: node and the bridge file, to a loopback
// case URL. Any other command (a vector can never give one, but a bad call could) is refused unrun.
import { describe, expect, it } from "vitest";
import { isKitBridgeCommand } from "../../adapters/reference/computer/mcp-fleet.ts";
import { MCP_STDIO_BRIDGE, stdioCommandFor } from "../../harness/transport/index.ts";

const URL = "http://127.0.0.1:4100/c/case-1/mcp";

describe("the reference Computer's stdio guard", () => {
  it("takes the command the harness gives", () => {
    const { command, args } = stdioCommandFor(URL);
    expect(isKitBridgeCommand(command, args)).toBe(true);
  });

  it.each([
    ["another program", "/bin/sh", ["-c", "true"]],
    ["node running another file", process.execPath, ["/tmp/evil.mjs", URL]],
    ["a relative node", "node", [MCP_STDIO_BRIDGE, URL]],
    ["a non-loopback target", process.execPath, [MCP_STDIO_BRIDGE, "http://example.com:80/c/x/mcp"]],
    ["an extra argument", process.execPath, [MCP_STDIO_BRIDGE, URL, "--inspect"]],
    ["no target", process.execPath, [MCP_STDIO_BRIDGE]],
  ])("refuses %s", (_what, command, args) => {
    expect(isKitBridgeCommand(command, args)).toBe(false);
  });
});
