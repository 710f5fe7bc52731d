/**
 * auth_error_conformance_vectors.json → `transport.call_tool` cases: each upstream scene (the HTTP
 * status and WWW-Authenticate header tools/call gets) runs for real against the harness's MCP
 * server through the SDK's own client. The fixture marks the hand-written SSE scene as applying to
 * the Rust SDK only: an implementation without such a client answers unsupported, which for this
 * vector counts as not applicable.
 */
import { type Importer, ordinalId } from "./types.ts";

const SPEC = {
  file: "a2c-smcp-protocol:docs/specification/error-handling.md",
  section: "MCP 上游授权错误响应",
};

const HANDWRITTEN_SSE_ONLY =
  "the fixture's hand-written SSE scene applies only to an SDK that has a hand-written SSE client (rust-sdk sse_client.rs); others are N/A";

export const importAuthError: Importer = (suite, data) =>
  // biome-ignore lint/suspicious/noExplicitAny: upstream fixture JSON, its shape checked by the suite schema after import
  (data.vectors as any[]).map((v, i) => ({
    id: ordinalId(suite, i),
    description: v.desc,
    spec: SPEC,
    tier: "must",
    op: "transport.call_tool",
    input: { transport: v.transport, scene: { answer: "status", ...v.upstream } },
    // The fixture's setup is part of what a pass means: tools/call really got the scene's status.
    // Without this, a record whose scene never fired (or was edited) could still judge as a pass.
    expected: { ...v.expected, server: { tools_call_status: v.upstream.status } },
    ...(v.transport === "sse_handwritten" ? { optional: HANDWRITTEN_SSE_ONLY } : {}),
    pointer: `/vectors/${i}`,
  }));
