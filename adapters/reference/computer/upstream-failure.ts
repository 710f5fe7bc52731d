/**
 * What an upstream MCP failure becomes in the Computer's CallToolResult (error-handling.md
 * §4006/4007 判定决策表, §降级语义, §可观测判据): an authorization refusal is 4006 or 4007 with the
 * server's bundle_id, never a plain failure; any failure without an auth signal (a 5xx, a network
 * fault, a JSON-RPC error) is 4003 Tool Execution Failed. The one mapping, for every transport.
 */
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JsonObject } from "../src/index.ts";

export type AuthorizationCode = 4006 | 4007;

/** error-handling.md §工具调用错误码: the tool could not be run, and nothing says why it is an authorization matter. */
export const EXECUTION_FAILED = 4003;

/** A POST the MCP server refused with an HTTP error status, as the transport saw it (the status kept, unlike the SSE client's own error). */
export class UpstreamHttpError extends Error {
  override readonly name = "UpstreamHttpError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The transport-level watch the spec allows (§降级语义: the method is the SDK's choice): a POST
 * answered 4xx/5xx rejects with its status, so the request it carried fails with a structured
 * error. The SDK's SSE client would only put the status into a sentence.
 */
export function withHttpStatusErrors(base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (init?.method !== "POST" || response.status < 400) return response;
    const body = await response.text().catch(() => "");
    throw new UpstreamHttpError(response.status, `the MCP server answered the POST with HTTP ${response.status}: ${body.slice(0, 300)}`);
  };
}

/**
 * An upstream refusal of authorization as the decision table maps it: HTTP 401 → 4006, 403 → 4007;
 * the client library's own "unauthorized" carries no status, and an auth failure that cannot be
 * told 401 from 403 is 4006 (§降级语义). Anything else is no auth signal: null.
 */
export function authorizationCode(error: unknown): AuthorizationCode | null {
  if (error instanceof UnauthorizedError) return 4006;
  const status = httpStatusOf(error);
  return status === 401 ? 4006 : status === 403 ? 4007 : null;
}

function httpStatusOf(error: unknown): number | null {
  if (error instanceof UpstreamHttpError) return error.status;
  if (error instanceof StreamableHTTPError) return error.code ?? null;
  return null;
}

/** error_code and mcp_server are MUST; auth_hint carries no credential, URL or token (§auth_hint 安全边界). */
export function authorizationMeta(code: AuthorizationCode, bundleId: string): JsonObject {
  const message =
    code === 4006 ? "Authorize this Computer with the MCP server, then retry" : "Check the MCP server's permissions for this Computer";
  return { error_code: code, mcp_server: bundleId, auth_hint: { action: "user_authorization_required", message } };
}
