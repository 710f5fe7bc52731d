/**
 * client:tool_call execution, its timeout and its cancellation (computer.md §5, data-structures.md
 * §CallToolResult 结果级 A2C 标记). Every outcome is a CallToolResult: a tool's own failure, an
 * upstream fault (meta.error_code 4003), an authorization refusal (4006 / 4007), a timeout (meta.a2c_timeout)
 * and a cancel (meta.a2c_cancelled) alike. In-flight calls are kept by req_id, the only key
 * notify:tool_call_cancel carries.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { JsonObject } from "../src/index.ts";
import type { Redact } from "./secrets.ts";
import type { ToolRoute } from "./tool-catalog.ts";
import { ToolResultBlobs } from "./tool-result-blobs.ts";
import { authorizationCode, authorizationMeta, EXECUTION_FAILED } from "./upstream-failure.ts";

export type CallToolResult = JsonObject & { readonly content: JsonObject[]; readonly isError: boolean };

const CANCEL_REASON = "agent_requested";

const failed = (text: string, meta?: JsonObject): CallToolResult => ({
  content: [{ type: "text", text }],
  isError: true,
  ...(meta ? { meta } : {}),
});

export class ToolCalls {
  private readonly inFlight = new Map<string, AbortController>();
  /** The bundle_id of every call routed, oldest first: the desktop orders servers by recent use. */
  readonly history: string[] = [];

  /** Over-budget binary items of tool results, kept for client:get_blob. */
  readonly blobs = new ToolResultBlobs();

  constructor(private readonly redact: Redact) {}

  /** Runs the tool; `timeoutS` is the request's timeout in seconds (none given: the MCP client's own limit). */
  async call(route: ToolRoute, params: JsonObject, timeoutS: number | undefined, reqId: string): Promise<CallToolResult> {
    const controller = new AbortController();
    this.inFlight.set(reqId, controller);
    this.history.push(route.mounted.server.bundleId);
    try {
      const result = await route.mounted.client.callTool({ name: route.tool, arguments: params }, undefined, {
        signal: controller.signal,
        ...(timeoutS === undefined ? {} : { timeout: timeoutS * 1000 }),
      });
      const wire = toWire(result as JsonObject);
      return { ...wire, content: this.blobs.sideband(wire.content) };
    } catch (error) {
      // The SDK rejects an aborted request with its own error, so the abort is read off the signal.
      if (controller.signal.aborted) return failed("Tool call cancelled", { a2c_cancelled: true, a2c_cancel_reason: CANCEL_REASON });
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return failed("Tool call timeout", { a2c_timeout: true });
      const code = authorizationCode(error);
      if (code !== null) return failed("The MCP server requires authorization", authorizationMeta(code, route.mounted.server.bundleId));
      return failed(this.redact(describe(error)), { error_code: EXECUTION_FAILED });
    } finally {
      if (this.inFlight.get(reqId) === controller) this.inFlight.delete(reqId);
    }
  }

  /** notify:tool_call_cancel: abort the call with this req_id; an unknown or finished one is a silent no-op. */
  cancel(reqId: unknown): void {
    if (typeof reqId === "string") this.inFlight.get(reqId)?.abort(CANCEL_REASON);
  }

  /** At shutdown: nothing may keep running once the Computer is gone. */
  abortAll(): void {
    for (const controller of this.inFlight.values()) controller.abort("shutdown");
  }
}

/**
 * An error's text; a network failure (fetch's bare "fetch failed") carries its cause, the socket
 * error that tells a refused connection from a reset one.
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  if (cause === undefined) return error.message;
  const code = (cause as NodeJS.ErrnoException).code;
  return `${error.message} (${code === undefined ? "" : `${code}: `}${cause.message})`;
}

/**
 * The MCP result as A2C sends it: the result-level metadata under `meta`, not MCP's `_meta`
 * (data-structures.md §元数据落位规则); content items keep their own `_meta`.
 */
function toWire(result: JsonObject): CallToolResult {
  const { _meta, content, isError, ...rest } = result;
  return {
    ...rest,
    content: Array.isArray(content) ? (content as JsonObject[]) : [],
    isError: isError === true,
    ...(_meta !== undefined && _meta !== null ? { meta: _meta } : {}),
  };
}
