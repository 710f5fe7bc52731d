// A report names the kit commit it was made with and the MCP SDK packages its live cases were
// served by (issue 32, item 6), and every view's header line says them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kitCommit } from "../../harness/model/kit-commit.ts";
import { KIT_ROOT } from "../../harness/model/kit-files.ts";
import { kitText } from "../../harness/report/environment-text.ts";
import { serverSdkVersions } from "../../harness/transport/sdk-versions.ts";

describe("the report's environment", () => {
  it("names the installed versions of the MCP SDK packages the scene server is built from", () => {
    const pins = JSON.parse(readFileSync(`${KIT_ROOT}/package.json`, "utf8")).dependencies as Record<string, string>;
    const versions = serverSdkVersions();
    expect(Object.keys(versions)).toEqual(["@modelcontextprotocol/server", "@modelcontextprotocol/node", "@modelcontextprotocol/sdk"]);
    for (const [name, version] of Object.entries(versions)) expect(version).toBe(pins[name]);
  });

  it("names the kit's commit when it runs from a checkout", () => {
    const head = execFileSync("git", ["-C", KIT_ROOT, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    expect(kitCommit()?.commit).toBe(head);
  });

  it("every view's header line says the kit commit and the server packages", () => {
    expect(
      kitText({
        node: "v20",
        platform: "linux",
        arch: "x64",
        kit_version: "0.1.0",
        kit_commit: "0123456789abcdef0123456789abcdef01234567",
        kit_dirty: true,
        mcp_server_sdks: { "@modelcontextprotocol/server": "2.4.0" },
      }),
    ).toBe("0.1.0 (commit 0123456789ab, with local edits); live cases served by @modelcontextprotocol/server 2.4.0");
    expect(kitText({ node: "v20", platform: "linux", arch: "x64", kit_version: "0.1.0" })).toBe("0.1.0");
  });
});
