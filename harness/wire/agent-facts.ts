/**
 * The facts an Agent-under-test verdict may use: what the Agent sent (from the recorded packets of
 * the case's admitted connections, each request checked against its data-structures model) and what
 * its SDK's API surfaced (from the adapter's answer, which the transcript keeps). Pure and tolerant of damaged records, so `audit`
 * re-derives them from the transcript alone.
 */
import { admittedPart } from "./case-seal.ts";
import { type ConnectionFacts, connectionFacts, type JoinFacts, joinFacts } from "./client-facts.ts";
import { SMCP_NAMESPACE } from "./computer-scene.ts";
import { eventsFrom } from "./events.ts";
import { checkedRequestModel, modelErrors } from "./models.ts";
import type { WirePacket } from "./scene-record.ts";
import { type UploadFacts, uploadFacts } from "./upload-facts.ts";
import { declaredVersion, REFUSING_SERVER_VERSION } from "./version-refusal.ts";

/** The request model of each event an Agent sends, where the kit has one written (events.ts, models.ts). */
export const REQUEST_MODEL: Readonly<Record<string, string>> = Object.fromEntries(
  eventsFrom("agent").flatMap((event) => {
    const model = checkedRequestModel(event);
    return model === undefined ? [] : [[event, model]];
  }),
);

/** The cancel's model (events.ts `kitRequest`: AgentCallData without computer); were it not written, no cancel would conform. */
const CANCEL_MODEL = REQUEST_MODEL["server:tool_call_cancel"] ?? "ToolCallCancel";

export interface RequestFacts {
  readonly count: number;
  readonly valid: boolean;
  readonly schema_errors: readonly string[];
  /** Every request's `agent` is the name the Agent joined with (events without `agent` say null). */
  readonly agent_is_its_name: boolean | null;
  readonly computers: readonly string[];
  /** Every request asked for an ack. */
  readonly asks_ack: boolean;
  /** client:tool_call: the tool names on the wire, in order (what the Agent's caller named must go out unchanged). */
  readonly tool_names?: readonly string[];
}

export interface SurfacedFacts {
  readonly outcome: string;
  readonly code?: number | null;
  /** An error's details.reason as the SDK's error kept it (4017 / 4018 / 4019: open enums); absent when it keeps none. */
  readonly reason?: string | null;
  readonly tool_names?: readonly string[];
  readonly is_error?: boolean | null;
  readonly text?: string | null;
  /**
   * A CallToolResult's result-level metadata as the API gave it (the a2c markers, an auth failure's
   * error_code and auth_hint): the wire key is `meta` (data-structures.md), while an SDK's MCP model
   * may dump the same field under MCP's alias `_meta`; null when it has neither.
   */
  readonly result_meta?: Readonly<Record<string, unknown>> | null;
  readonly session_names?: readonly string[];
  /** put_blob: what the SDK's upload call gave back. */
  readonly landing_path?: unknown;
  readonly total_size?: unknown;
  readonly sha256?: unknown;
}

export interface AgentFacts extends ConnectionFacts {
  readonly join: JoinFacts | null;
  readonly joined: boolean | null;
  readonly requests: Readonly<Record<string, RequestFacts>>;
  /** No two requests the Agent sent share a req_id (joins and leaves carry none). */
  readonly req_ids_unique: boolean;
  /** Each cancel names the req_id of a tool_call the Agent sent. */
  readonly cancels_name_a_call: boolean | null;
  /**
   * Every cancel the Agent sent is the kit's cancel model (AgentCallData, no computer field) and
   * names a tool_call it sent; true when it sent none, since sending one is not required.
   */
  readonly cancels_conform: boolean;
  readonly surfaced: Readonly<Record<string, SurfacedFacts>>;
  /** Each notification the Server pushed: did the SDK's handlers receive it. */
  readonly notified: Readonly<Record<string, boolean>>;
  /** Handshakes the Server refused with 4008 (`handshake: version_mismatch`), the retry window after the answer included. */
  readonly refused_handshakes: number;
  /** What the API raised when its connect failed; null when the connect did not fail. */
  readonly version_error: VersionErrorFacts | null;
  /** How the Agent drove its client:put_blob chunks (upload-facts.ts); null when it sent none. */
  readonly upload: UploadFacts | null;
  /** The chunk_offset of each client:get_blob the Agent sent, in order, by blob_handle: how it read a resource. */
  readonly blob_reads: Readonly<Record<string, readonly unknown[]>>;
}

/**
 * A failed connect as the SDK raised it (the adapter's `raised` at stage connect): whether it is the
 * SDK's own protocol-version error, whether that error carries the refusal body's server_version and
 * client_version (the Server's version, the one the Agent declared), and whether its text names both.
 */
export interface VersionErrorFacts {
  readonly dedicated: boolean;
  readonly carries_versions: boolean;
  readonly names_both_versions: boolean;
}

/** A sealed scene's record (case-seal.ts): only connections that presented the secret in `url` count. */
export interface AgentSide {
  readonly url: string;
  readonly packets: readonly WirePacket[];
  readonly handshakes: ReadonlyArray<{ readonly conn: string; readonly url: string; readonly transport?: string }>;
  readonly office_id: string;
  readonly agent_name: string;
  readonly pushed?: ReadonlyArray<{ readonly event: string }>;
  /** The handshakes the Server refused (version-refusal.ts): sealed like every admitted one. */
  readonly refused?: ReadonlyArray<{ readonly url: string }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** `fromAgent`: is this packet one the Agent sent (the recorder's direction depends on where it sits). */
export function agentFacts(output: unknown, side: AgentSide, fromAgent: (p: WirePacket) => boolean): AgentFacts {
  const admitted = admittedPart(side);
  const packets = admitted.packets.filter((p) => p?.nsp === SMCP_NAMESPACE);
  const sent = packets.filter(fromAgent);
  const events = sent.filter((p) => p.type === "event" && typeof p.event === "string");
  const joins = events.filter((p) => p.event === "server:join_office");
  const requests: Record<string, RequestFacts> = {};
  for (const event of [...new Set(events.map((p) => p.event as string))].sort()) {
    const of = events.filter((p) => p.event === event);
    const model = REQUEST_MODEL[event];
    const errors = model ? of.flatMap((p) => modelErrors(model, p.args?.[0])) : [];
    const agents = of.map((p) => (isObject(p.args?.[0]) ? p.args[0].agent : undefined));
    requests[event] = {
      count: of.length,
      valid: model !== undefined && errors.length === 0,
      schema_errors: model ? [...new Set(errors)].slice(0, 5) : [`no request model for ${event}`],
      agent_is_its_name: agents.every((a) => a === undefined) ? null : agents.every((a) => a === side.agent_name),
      computers: [
        ...new Set(of.map((p) => (isObject(p.args?.[0]) ? p.args[0].computer : undefined)).filter((c) => typeof c === "string")),
      ] as string[],
      asks_ack: of.every((p) => p.ack_id !== undefined),
      ...(event === "client:tool_call" ? { tool_names: of.map((p) => (isObject(p.args?.[0]) ? String(p.args[0].tool_name) : "")) } : {}),
    };
  }
  const idOf = (p: WirePacket) => (isObject(p.args?.[0]) ? p.args[0].req_id : undefined);
  const withIds = events.filter((p) => p.event !== "server:tool_call_cancel" && idOf(p) !== undefined);
  const ids = withIds.map(idOf);
  const callIds = new Set(events.filter((p) => p.event === "client:tool_call").map(idOf));
  const cancels = events.filter((p) => p.event === "server:tool_call_cancel");
  const answer = isObject(output) ? output : {};
  const notifications = Array.isArray(answer.notifications) ? answer.notifications : [];
  const received = new Set(notifications.map((n) => (isObject(n) ? n.event : undefined)));
  return {
    ...connectionFacts(sent, admitted.handshakes[0]),
    join: joinFacts(joins, side.office_id),
    joined: typeof answer.joined === "boolean" ? answer.joined : null,
    requests,
    req_ids_unique: new Set(ids).size === ids.length,
    cancels_name_a_call: cancels.length === 0 ? null : cancels.every((p) => callIds.has(idOf(p))),
    cancels_conform: cancels.every((p) => callIds.has(idOf(p)) && modelErrors(CANCEL_MODEL, p.args?.[0]).length === 0),
    surfaced: surfacedOf(answer.steps),
    notified: Object.fromEntries((side?.pushed ?? []).map((p) => [p.event, received.has(p.event)])),
    refused_handshakes: Array.isArray(side?.refused) ? side.refused.length : 0,
    version_error: versionErrorOf(answer, side?.refused?.[0]?.url),
    upload: uploadFacts(
      sent,
      packets.filter((p) => !fromAgent(p) && p.type === "ack"),
    ),
    blob_reads: blobReads(events),
  };
}

/** Each client:get_blob's chunk_offset (null when it has none), grouped by the handle it names. */
function blobReads(events: readonly WirePacket[]): Record<string, unknown[]> {
  const reads: Record<string, unknown[]> = {};
  for (const p of events) {
    const req = p.event === "client:get_blob" && isObject(p.args?.[0]) ? p.args[0] : undefined;
    if (req && typeof req.blob_handle === "string") (reads[req.blob_handle] ??= []).push(req.chunk_offset ?? null);
  }
  return reads;
}

/** The connect's failure as raised; the versions to look for are the refusal's (the Server's) and the refused request's a2c_version. */
function versionErrorOf(answer: Record<string, unknown>, refusedUrl: string | undefined): VersionErrorFacts | null {
  if (answer.stage !== "connect" || !isObject(answer.raised)) return null;
  const raised = answer.raised;
  const message = typeof raised.message === "string" ? raised.message : "";
  const declared = refusedUrl === undefined ? null : declaredVersion(refusedUrl);
  return {
    dedicated: raised.version_error === true,
    carries_versions: declared !== null && raised.server_version === REFUSING_SERVER_VERSION && raised.client_version === declared,
    names_both_versions: declared !== null && message.includes(REFUSING_SERVER_VERSION) && message.includes(declared),
  };
}

/** Each step's outcome as the SDK's API gave it, distilled to what vectors compare. */
export function surfacedOf(steps: unknown): Record<string, SurfacedFacts> {
  const out: Record<string, SurfacedFacts> = {};
  for (const step of Array.isArray(steps) ? steps : []) {
    if (!isObject(step) || typeof step.as !== "string") continue;
    const outcome = typeof step.outcome === "string" ? step.outcome : "none";
    const error = isObject(step.error) ? step.error : undefined;
    out[step.as] = {
      outcome,
      ...(error ? { code: typeof error.code === "number" ? error.code : null } : {}),
      ...(typeof error?.reason === "string" ? { reason: error.reason } : {}),
      ...valueFacts(step.value),
    };
  }
  return out;
}

function valueFacts(value: unknown): Omit<SurfacedFacts, "outcome" | "code" | "reason"> {
  const tools = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.tools) ? value.tools : undefined;
  if (tools?.every((t) => isObject(t) && typeof t.name === "string" && !("role" in t)))
    return { tool_names: tools.map((t) => (t as { name: string }).name).sort() };
  const sessions = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.sessions) ? value.sessions : undefined;
  if (sessions?.every((s) => isObject(s) && "role" in s))
    return { session_names: sessions.map((s) => String((s as { name?: unknown }).name)).sort() };
  if (isObject(value) && "landing_path" in value)
    return { landing_path: value.landing_path, total_size: value.total_size ?? null, sha256: value.sha256 ?? null };
  if (isObject(value) && Array.isArray(value.content)) {
    const text = value.content.find((c) => isObject(c) && c.type === "text") as { text?: unknown } | undefined;
    // MCP's CallToolResult.isError is optional and read as false when absent (as computer-facts.ts reads acks).
    const meta = isObject(value.meta) ? value.meta : isObject(value._meta) ? value._meta : null;
    return {
      is_error: typeof value.isError === "boolean" ? value.isError : false,
      text: typeof text?.text === "string" ? text.text : null,
      result_meta: meta,
    };
  }
  return {};
}
