/**
 * The facts a transport verdict may depend on, derived from a case's recorded exchanges alone.
 * Pure and defensive (it reads records from report files, which may have been edited): `audit`
 * re-derives them from the transcript, and editing one recorded status changes what it finds.
 */
import type { CaseEvidence, Exchange, RpcMessage } from "./evidence.ts";

export interface TransportFacts {
  /** JSON-RPC methods of the requests and notifications received, in arrival order. */
  readonly methods: readonly string[];
  readonly initialize_requests: number;
  /** The HTTP status the first initialize got (null: none arrived, or it was never answered). */
  readonly initialize_status: number | null;
  /** HTTP requests that carried a tools/call: a silent replay shows as 2. */
  readonly tools_call_requests: number;
  readonly tools_call_status: number | null;
  readonly tools_call_statuses: readonly (number | null)[];
  /** How many times the tool handler actually ran. */
  readonly tool_runs: number;
  /** The revision the client sent with its tools/call (header or envelope claim), else with its last initialize. */
  readonly client_revision: string | null;
  /** Every revision the client named (headers, initialize, envelope claims), distinct, in order. */
  readonly revisions_sent: readonly string[];
  /** What the server agreed: its initialize result's protocolVersion, else the envelope claim it served a tools/call under. */
  readonly negotiated_revision: string | null;
  /** The era of the tools/call request: modern when it carried the per-request envelope. */
  readonly era: "modern" | "legacy" | null;
  /** Distinct JSON-RPC error codes the server answered the client's requests with, in order (e.g. -32022). */
  readonly jsonrpc_error_codes: readonly number[];
  /** Requests carrying a JSON-RPC request that never got a status line (no answer, reset, the client gave up). */
  readonly unanswered: number;
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const count = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const statusOf = (ex: Exchange): number | null => (typeof ex.status === "number" ? ex.status : null);
const carries = (ex: Exchange, method: string): boolean => list<RpcMessage>(ex.rpc).some((m) => m?.method === method);
const messageOf = (ex: Exchange | undefined, method: string): RpcMessage | undefined =>
  list<RpcMessage>(ex?.rpc).find((m) => m?.method === method);

/** Distinct values, first appearance first. */
function distinct<T>(values: readonly (T | undefined)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== undefined))];
}

/** The protocolVersion of an initialize result, found by the initialize's id on any exchange (SSE replies arrive on the GET stream). */
function initializeResultRevision(exchanges: readonly Exchange[], initializes: readonly Exchange[]): string | undefined {
  const ids = new Set(initializes.map((ex) => messageOf(ex, "initialize")?.id));
  const results = exchanges.flatMap((ex) => list<RpcMessage>(ex.response_rpc)).filter((m) => m?.kind === "result" && ids.has(m.id));
  return str(results.filter((m) => m.protocol_version !== undefined).at(-1)?.protocol_version);
}

/**
 * Error codes answering the client's JSON-RPC requests: on the request's own exchange, or (SSE)
 * on a stream, matched by the request's id. A GET refused with a JSON-RPC body (405 / -32000 in
 * stateless legacy, sent or not depending on the client's timing) answers no request: left out.
 */
function requestErrorCodes(exchanges: readonly Exchange[]): number[] {
  const carriesRequest = (ex: Exchange) => list<RpcMessage>(ex.rpc).some((m) => m?.kind === "request");
  const ids = new Set(
    exchanges.flatMap((ex) =>
      list<RpcMessage>(ex.rpc)
        .filter((m) => m?.kind === "request" && m.id !== null && m.id !== undefined)
        .map((m) => m.id),
    ),
  );
  const codes = exchanges.flatMap((ex) =>
    list<RpcMessage>(ex.response_rpc)
      .filter((m) => m?.kind === "error" && typeof m.error_code === "number" && (carriesRequest(ex) || ids.has(m.id)))
      .map((m) => m.error_code),
  );
  return distinct(codes);
}

/** Derives the facts from the record; missing or malformed parts count as absent. */
export function evidenceFacts(evidence: Pick<CaseEvidence, "exchanges" | "tool_runs" | "not_kept">): TransportFacts {
  const exchanges = list<Exchange>(evidence?.exchanges).filter((ex) => typeof ex === "object" && ex !== null);
  const initializes = exchanges.filter((ex) => carries(ex, "initialize"));
  const toolsCalls = exchanges.filter((ex) => carries(ex, "tools/call"));
  const firstCall = toolsCalls[0];
  const callClaim = str(messageOf(firstCall, "tools/call")?.protocol_version);
  const callHeader = str(firstCall?.request_headers?.["mcp-protocol-version"]);
  const initRevision = str(messageOf(initializes.at(-1), "initialize")?.protocol_version);
  const sent = distinct(
    exchanges.flatMap((ex) => [
      str(ex.request_headers?.["mcp-protocol-version"]),
      ...list<RpcMessage>(ex.rpc).map((m) => str(m?.protocol_version)),
    ]),
  );
  const callAnswered = list<RpcMessage>(firstCall?.response_rpc).some((m) => m?.kind === "result");
  return {
    methods: exchanges.flatMap((ex) => list<RpcMessage>(ex.rpc).flatMap((m) => (str(m?.method) !== undefined ? [m.method!] : []))),
    initialize_requests: initializes.length,
    initialize_status: initializes[0] ? statusOf(initializes[0]) : null,
    tools_call_requests: toolsCalls.length,
    tools_call_status: firstCall ? statusOf(firstCall) : null,
    tools_call_statuses: toolsCalls.map(statusOf),
    // Runs past the case's record budget were counted, not kept: they ran all the same.
    tool_runs: list(evidence?.tool_runs).length + count(evidence?.not_kept?.tool_runs),
    client_revision: callHeader ?? callClaim ?? initRevision ?? sent.at(-1) ?? null,
    revisions_sent: sent,
    negotiated_revision: initializeResultRevision(exchanges, initializes) ?? (callClaim !== undefined && callAnswered ? callClaim : null),
    era: firstCall ? (callClaim !== undefined ? "modern" : "legacy") : null,
    jsonrpc_error_codes: requestErrorCodes(exchanges),
    unanswered: exchanges.filter((ex) => list<RpcMessage>(ex.rpc).some((m) => m?.kind === "request") && statusOf(ex) === null).length,
  };
}
