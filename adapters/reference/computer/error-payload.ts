/**
 * Protocol errors on the ack channel: always the flat ErrorPayload of error-handling.md §错误响应格式
 * (code and message at the top level, code-specific fields beside them, diagnostics under details),
 * never wrapped as {"error": …}. One builder per code, so each code's fields are written once.
 */
import type { Json, JsonObject } from "../src/index.ts";

export interface ErrorPayload {
  readonly code: number;
  readonly message: string;
  readonly details?: JsonObject;
  readonly [codeSpecific: string]: Json | undefined;
}

export const protocolError = {
  /** 400 (general table): the request is not the event's request model (a field missing or of the wrong type). */
  badRequest: (message: string): ErrorPayload => ({ code: 400, message }),
  /**
   * The request names another Computer. computer.md §3: MUST NOT act, a protocol error is allowed.
   * 404 rather than 403: the general table's 404 is "工具或 Computer 不存在" (no such Computer here),
   * while 403 is for room and permission violations, which the Server, not this Computer, judges.
   */
  notThisComputer: (computer: string): ErrorPayload => ({ code: 404, message: "Computer not found", details: { computer } }),
  /** 4001: the exposed tool name is not in the ExposedToolMapping (data-structures.md §ExposedToolMapping). */
  toolNotFound: (toolName: string): ErrorPayload => ({ code: 4001, message: "Tool not found", details: { tool_name: toolName } }),
  /** 4014 with its top-level mcp_server (error-handling.md §MCP Server Not Found). */
  serverNotFound: (bundleId: string): ErrorPayload => ({ code: 4014, message: "MCP Server not registered", mcp_server: bundleId }),
  /** 4015 with mcp_server and capability (error-handling.md §MCP Capability Not Supported). */
  capabilityMissing: (bundleId: string, capability: string): ErrorPayload => ({
    code: 4015,
    message: `MCP Server does not support '${capability}' capability`,
    mcp_server: bundleId,
    capability,
  }),
  /** 4016, the rejected name under details (error-handling.md §Invalid Skill Name). */
  skillNameInvalid: (name: string): ErrorPayload => ({ code: 4016, message: "Invalid skill name format", details: { name } }),
  /** 4014 reused for a well-formed SKILL name that is not registered, the name under details (computer.md §7 item 3). */
  skillNotFound: (name: string): ErrorPayload => ({ code: 4014, message: "Skill not found", details: { name } }),
  /** 4017 with details.reason and the rel_path asked for (error-handling.md §Skill Resource Not Accessible). */
  skillResource: (reason: string, relPath: string, totalSize?: number): ErrorPayload => ({
    code: 4017,
    message: "Skill resource not accessible",
    // too_large names the resource's size (error-handling.md §4017).
    details: { reason, rel_path: relPath, ...(totalSize !== undefined ? { total_size: totalSize } : {}) },
  }),
  /** 4018 with details.reason (error-handling.md §Blob Not Accessible). */
  blobNotAccessible: (reason: string): ErrorPayload => ({ code: 4018, message: "Blob not accessible", details: { reason } }),
  /** 4019 with details.reason, and upload_id when there is one (error-handling.md §Blob Write Failed). */
  blobWriteFailed: (reason: string, more: { upload_id?: string } = {}): ErrorPayload => ({
    code: 4019,
    message: "Blob write failed",
    details: { reason, ...more },
  }),
  /** 500 (general table): a fault on this Computer's side, e.g. an MCP server that failed a forwarded request. */
  internal: (message: string): ErrorPayload => ({ code: 500, message }),
};
