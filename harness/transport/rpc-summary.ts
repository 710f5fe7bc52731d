/** Summaries of the JSON-RPC a body or an SSE stream carries, for the evidence record. Pure. */
import type { RpcMessage } from "./evidence.ts";

/** The per-request envelope claim of the 2026-07-28 revision (the SDK's PROTOCOL_VERSION_META_KEY). */
export const ENVELOPE_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const TEXT_LIMIT = 300;
/** Messages summarized per body or SSE chunk: a batch of 25,000 small calls must not become 25,000 records. */
export const RPC_KEPT = 32;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The revision a message names: params.protocolVersion, the envelope claim, or a result's protocolVersion. */
function revisionOf(m: Json): string | undefined {
  const params = isObject(m["params"]) ? m["params"] : undefined;
  const meta = params && isObject(params["_meta"]) ? params["_meta"] : undefined;
  const result = isObject(m["result"]) ? m["result"] : undefined;
  const found = params?.["protocolVersion"] ?? meta?.[ENVELOPE_VERSION_KEY] ?? result?.["protocolVersion"];
  return typeof found === "string" ? found : undefined;
}

/** One message's summary: kind, method, id, the revision it names, a tool name, an error code. */
function summarizeOne(m: Json): RpcMessage {
  const method = typeof m["method"] === "string" ? m["method"] : undefined;
  const hasId = Object.hasOwn(m, "id");
  const id = hasId && (typeof m["id"] === "string" || typeof m["id"] === "number" || m["id"] === null) ? m["id"] : undefined;
  const error = isObject(m["error"]) ? m["error"] : undefined;
  const params = isObject(m["params"]) ? m["params"] : undefined;
  const result = isObject(m["result"]) ? m["result"] : undefined;
  const kind = method !== undefined ? (hasId ? "request" : "notification") : error ? "error" : "result";
  const revision = revisionOf(m);
  const cut = (text: string) => text.slice(0, TEXT_LIMIT);
  return {
    kind,
    ...(method !== undefined ? { method: cut(method) } : {}),
    ...(id !== undefined ? { id: typeof id === "string" ? cut(id) : id } : {}),
    ...(revision !== undefined ? { protocol_version: cut(revision) } : {}),
    ...(method === "tools/call" && typeof params?.["name"] === "string" ? { tool: cut(params["name"]) } : {}),
    ...(error && typeof error["code"] === "number" ? { error_code: error["code"] } : {}),
    ...(error ? { error_message: String(error["message"] ?? "").slice(0, TEXT_LIMIT) } : {}),
    ...(result && typeof result["isError"] === "boolean" ? { is_error: result["isError"] } : {}),
  };
}

/** The JSON-RPC messages of a parsed body (a message or a batch), the first RPC_KEPT of them; anything else yields none. */
export function summarizeRpc(body: unknown): RpcMessage[] {
  const list = Array.isArray(body) ? body : [body];
  return list
    .filter((m): m is Json => isObject(m) && (m["jsonrpc"] === "2.0" || "method" in m))
    .slice(0, RPC_KEPT)
    .map(summarizeOne);
}

/** How many messages of a body summarizeRpc left out (a batch past RPC_KEPT). */
export function rpcNotKept(body: unknown): number {
  return Array.isArray(body) ? Math.max(0, body.length - RPC_KEPT) : 0;
}

/** Each SSE frame of `text` that carries data: its `event:` name (if any) and its `data:` lines joined. */
export function sseFrames(text: string): Array<{ readonly event: string | undefined; readonly data: string }> {
  const frames: Array<{ event: string | undefined; data: string }> = [];
  for (const frame of text.split(/\r?\n\r?\n/)) {
    const lines = frame.split(/\r?\n/);
    const event = lines
      .find((l) => l.startsWith("event:"))
      ?.slice(6)
      .trim();
    const data = lines
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (data !== "") frames.push({ event, data });
  }
  return frames;
}

/** The messages of complete SSE frames (`event:` / `data:` lines); the `endpoint` event is kept as such. */
export function summarizeSseFrames(text: string): RpcMessage[] {
  const out: RpcMessage[] = [];
  for (const { event, data } of sseFrames(text)) {
    if (event === "endpoint") {
      out.push({ kind: "endpoint", endpoint: data.slice(0, TEXT_LIMIT) });
      continue;
    }
    try {
      out.push(...summarizeRpc(JSON.parse(data)));
    } catch {
      out.push({ kind: "unparseable" });
    }
  }
  return out;
}

/** The revision a request names: its mcp-protocol-version header, else the first message's envelope claim or protocolVersion. */
export function requestRevision(headerValue: string | undefined, rpc: readonly RpcMessage[]): string | null {
  return headerValue ?? rpc.find((m) => m.protocol_version !== undefined)?.protocol_version ?? null;
}
