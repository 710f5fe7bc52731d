/**
 * The transport suite's server side: a real MCP server (the official TypeScript SDK, pinned) the
 * harness starts once per run, a case per vector under its own path, and the evidence each case
 * leaves. See README.md beside this file for how the runner uses it.
 */
export { describeTransportError, TRANSPORT_ERRORS, TransportError, type TransportErrorCode } from "./errors.ts";
export type { Answerer, CaseEvidence, Exchange, RpcMessage, ToolRun } from "./evidence.ts";
export { evidenceFacts, type TransportFacts } from "./evidence-facts.ts";
export { httpExchangeLines } from "./exchange-lines.ts";
export { INVENTORY_TOOL } from "./inventory-tool.ts";
export { KIT_SKILLENV, KIT_SKILLENV_VALUE } from "./kit-skill.ts";
export { observedValue } from "./observation.ts";
export { type OpenedTransportCase, openTransportCase } from "./open-case.ts";
export {
  CALL_DEFAULTS,
  type CallToolInput,
  type CaseLocation,
  type PreparedCase,
  prepareTransportCase,
  TRANSPORT_OP,
} from "./prepare-case.ts";
export { sseFrames } from "./rpc-summary.ts";
export {
  type CaseSpec,
  type PlayedResource,
  type PlayedTool,
  SCENE_ANSWERS,
  type Scene,
  SERVER_MODES,
  type ServerMode,
  TRANSPORT_KINDS,
  type TransportKind,
} from "./scene.ts";
export { type OpenCase, type SceneServer, type SceneServerOptions, type StrayRequests, startSceneServer } from "./scene-server.ts";
export { serverSdkVersions } from "./sdk-versions.ts";
export type { SkillSourceKind } from "./skill-sources.ts";
export {
  MCP_STDIO_BRIDGE,
  MCP_TRANSPORTS,
  type McpTransport,
  STDIO_TOKEN_ENV,
  type StdioCommand,
  stdioCommandFor,
} from "./stdio-bridge.ts";
