/**
 * auth_error_conformance_vectors.json → `transport.auth_error` cases. They need a real local HTTP
 * MCP server (a transport suite the kit does not have yet), so the suite manifest marks them
 * `needs: transport` and they report as unsupported, never as passed.
 */
import { type Importer, ordinalId } from "./types.ts";

const SPEC = {
  file: "a2c-smcp-protocol:docs/specification/error-handling.md",
  section: "MCP 上游授权错误响应",
};

export const importAuthError: Importer = (suite, data) =>
  // biome-ignore lint/suspicious/noExplicitAny: upstream fixture JSON, its shape checked by the suite schema after import
  (data.vectors as any[]).map((v, i) => ({
    id: ordinalId(suite, i),
    description: v.desc,
    spec: SPEC,
    tier: "must",
    op: "transport.auth_error",
    input: { transport: v.transport, upstream: v.upstream },
    expected: v.expected,
    pointer: `/vectors/${i}`,
  }));
