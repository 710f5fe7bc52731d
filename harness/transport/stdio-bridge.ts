/**
 * How a Computer mounts a case's MCP server over stdio: it spawns the kit's bridge program
 * (mcp-stdio-bridge.mjs) with the command given here, and the bridge passes every JSON-RPC message
 * to and from the case's streamable HTTP endpoint, so the case's record is the same on both
 * transports. The command is the harness's, never a vector's: node itself and the kit's own file.
 */
import { fileURLToPath } from "node:url";

/** The MCP transports a Computer scene can mount its servers over (a run chooses one: `--mcp-transport`). */
export const MCP_TRANSPORTS = ["streamable_http", "stdio"] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];

/** Where, under a case's prefix, the bridge reports the frames it passed (mcp-stdio-bridge.mjs writes the same path). */
export const STDIO_FRAMES_PATH = "/stdio-frames";

/** The environment variable that carries a planted credential to the bridge (sent on as a bearer token). */
export const STDIO_TOKEN_ENV = "SMCP_KIT_MCP_TOKEN";

/** What a stdio config's server_parameters get: the program and its arguments, as recorded in the case's evidence. */
export interface StdioCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** The working directory the config names (absent: the SDK's default); the harness plants an unusable one (harness/wire/unusable-cwd.ts). */
  readonly cwd?: string;
}

/** The bridge's path beside this module (dist/ keeps the layout: scripts/build-dist.js copies non-TS files). */
export const MCP_STDIO_BRIDGE = fileURLToPath(new URL("./mcp-stdio-bridge.mjs", import.meta.url));

/** The command that serves the case at `caseUrl` on stdio. */
export function stdioCommandFor(caseUrl: string): StdioCommand {
  return { command: process.execPath, args: [MCP_STDIO_BRIDGE, caseUrl] };
}
