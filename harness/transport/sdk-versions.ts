/**
 * The versions of the MCP SDK packages the harness's transport server runs on, as installed: a
 * report of transport cases names them, so a verdict can be traced to the server that gave it.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The packages the scene server is built from, each with a module of it that sdk-modules.ts loads. */
const SERVER_SDK_PACKAGES: ReadonlyArray<readonly [string, string]> = [
  ["@modelcontextprotocol/server", "@modelcontextprotocol/server"],
  ["@modelcontextprotocol/node", "@modelcontextprotocol/node"],
  ["@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/server/mcp.js"],
];

const require = createRequire(import.meta.url);

/** The installed version of `name`: its package.json found above its resolved entry; "unknown" when it cannot be found. */
function installedVersion(name: string, entry: string): string {
  try {
    let dir = dirname(require.resolve(entry));
    for (let i = 0; i < 8; i++, dir = dirname(dir)) {
      const file = join(dir, "package.json");
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === name && typeof pkg.version === "string") return pkg.version;
    }
  } catch {
    // not installed: said below
  }
  return "unknown";
}

export function serverSdkVersions(): Record<string, string> {
  return Object.fromEntries(SERVER_SDK_PACKAGES.map(([name, entry]) => [name, installedVersion(name, entry)]));
}
