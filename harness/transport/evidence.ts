/**
 * The evidence record of one case: every HTTP exchange the case's path prefix saw, and every run of
 * the tool handler. Plain JSON (snake_case, like the report), so it goes into a case's transcript
 * as it is and evidence-facts.ts can re-derive the facts from it alone.
 */
import type { CaseSpec, ServerMode, TransportKind } from "./scene.ts";

/** One JSON-RPC message seen in a request or response body (or an SSE frame), summarized. */
export interface RpcMessage {
  readonly kind: "request" | "notification" | "result" | "error" | "endpoint" | "unparseable";
  readonly method?: string;
  readonly id?: string | number | null;
  /** The revision the message names: initialize's params.protocolVersion, the per-request envelope claim, or a result's protocolVersion. */
  readonly protocol_version?: string;
  /** tools/call: the tool's name. */
  readonly tool?: string;
  readonly error_code?: number;
  readonly error_message?: string;
  readonly is_error?: boolean;
  /** An SSE `endpoint` event's data. */
  readonly endpoint?: string;
}

/**
 * A request or response body as the case kept it: its text up to what is left of the case's body
 * budget (BODY_BYTES_PER_CASE), then cut; `bytes` is its whole size, `cut` the bytes not kept.
 */
export interface BodyText {
  readonly text: string;
  readonly bytes: number;
  readonly cut?: number;
}

/** Who answered an exchange: the SDK, the scene, or the harness's own front (unknown path, oversized body, front error). */
export type Answerer = "sdk" | "status" | "no_answer" | "reset" | "rpc_error" | "harness";

export interface Exchange {
  /** 1-based, in arrival order within the case. */
  readonly seq: number;
  /** Milliseconds from the case's opening to the request's arrival. */
  readonly t_ms: number;
  readonly http_method: string;
  /** Path and query, as the client sent them. */
  readonly path: string;
  /** Every header the client sent (an authorization or cookie value recorded as `<present>`). */
  readonly request_headers: Readonly<Record<string, string>>;
  /** The SHA-256 (hex) of the Authorization value, when one was sent: a fingerprint, never the value. */
  readonly authorization_sha256?: string;
  /** The request body whole, within the case's body budget (absent: no body). */
  readonly request_body?: BodyText;
  readonly rpc: readonly RpcMessage[];
  /** Messages of a batch past the first 32, counted, not summarized. */
  readonly rpc_not_kept?: number;
  /** The revision this request named: its mcp-protocol-version header, else the envelope claim, else initialize's protocolVersion. */
  readonly client_revision: string | null;
  readonly answered_by: Answerer;
  /** Set when the scene delayed this request. */
  readonly delay_ms?: number;
  /** null while no status line was sent. */
  readonly status: number | null;
  /** Every header the response carried. */
  readonly response_headers: Readonly<Record<string, string>>;
  readonly response_rpc: readonly RpcMessage[];
  /** The response body whole (an SSE stream's frames as sent), within the case's body budget. */
  readonly response_text?: BodyText;
  /** A response body that carried no JSON-RPC, cut to 300 characters. */
  readonly response_body?: string;
  /** `open` while the response is in progress (an SSE stream, a held request). */
  readonly outcome: "finished" | "closed_before_finish" | "open";
  readonly duration_ms: number | null;
  readonly front_error?: string;
}

/** One run of the tool handler: counted inside the handler, so it counts what really ran. */
export interface ToolRun {
  readonly t_ms: number;
  readonly era: "modern" | "legacy" | "sse";
  readonly arguments: unknown;
}

/**
 * One JSON-RPC message as it crossed a stdio mount (the kit's bridge saw it on the Computer's side):
 * `from_computer` read from the Computer's stdout, `to_computer` written to its stdin.
 */
export interface StdioFrame {
  readonly dir: "from_computer" | "to_computer";
  /** Milliseconds from the bridge's start. */
  readonly t_ms: number;
  readonly message: unknown;
}

export interface CaseEvidence {
  readonly case_id: string;
  readonly transport: TransportKind;
  readonly mode: ServerMode;
  readonly url: string;
  readonly scene: CaseSpec["scene"];
  readonly opened_at: string;
  readonly exchanges: readonly Exchange[];
  readonly tool_runs: readonly ToolRun[];
  /** Errors the SDK reported out of band (its onerror), cut to 300 characters. */
  readonly sdk_errors: readonly { readonly name: string; readonly message: string }[];
  /** True once the case was closed: nothing more is recorded. */
  readonly closed: boolean;
  /**
   * How long the harness's event loop stood still while the case was open (util/loop-stall.ts):
   * time in which the scene's server, and an in-process implementation, could not act. A box that
   * expired with much of it measured the machine (live/live-timeout.ts). Set when the case closes.
   */
  readonly loop_stalled_ms?: number;
  /** What the case's evidence budget left out (a flood): exchanges and tool runs past the first 200, counted only. */
  readonly not_kept?: { readonly exchanges: number; readonly tool_runs: number };
  /** Requests to this case's prefix after it closed (set when the run ends): how many, and the last 20. */
  readonly late_requests?: { readonly count: number; readonly recent: readonly string[] };
  /** Body bytes this case kept, of BODY_BYTES_PER_CASE; bodies past it are cut (each says by how much). */
  readonly body_bytes_kept?: number;
  /** A Computer mounted this case over stdio: every message its bridge passed, as the Computer's side saw it (the first RECORDS_KEPT). */
  readonly stdio_frames?: readonly StdioFrame[];
  /** Frames past the first RECORDS_KEPT, counted only. */
  readonly stdio_frames_not_kept?: number;
}
