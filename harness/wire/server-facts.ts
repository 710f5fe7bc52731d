/**
 * The facts a Server-under-test verdict may use, derived from what the harness's clients recorded
 * (server-scene.ts). Pure and tolerant of damaged records. Office ids are put back as their labels
 * (`$office:<label>`), so facts compare across runs and implementations.
 */

import { SMCP_NAMESPACE } from "./computer-scene.ts";
import { CLIENT_EVENT_NAMES, isSmcpEvent, NOTIFY_EVENT_NAMES, NOTIFY_PAYLOAD_MODELS, SERVER_ANSWER_MODELS } from "./events.ts";
import { modelErrors } from "./models.ts";
import type { WirePacket } from "./scene-record.ts";
import type { ServerSceneEvidence, ServerStepRecord } from "./server-scene.ts";
import { serverStepName } from "./server-scene.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export interface ServerFacts {
  readonly handshakes: Readonly<
    Record<
      string,
      {
        connected: boolean;
        status: number | null;
        body: unknown;
        code: unknown;
        body_keys: readonly string[];
        error_code_header: string | null;
        /** The refused handshake's media type: its Content-Type before any parameter, lower case; null without one. */
        media_type: string | null;
        /** A WebSocket-only handshake opened, then closed before /smcp connected: the close code (versioning.md §5's 4900); else null. */
        close_code: number | null;
        /** That close's reason is a short text: at most 123 bytes and no JSON object or array (versioning.md §5 R3: no structured body); null without such a close. */
        close_reason_plain: boolean | null;
        /** The Socket.IO CONNECT_ERROR the Server answered the /smcp CONNECT with (its payload: message, data); null without one. */
        connect_error: unknown;
        /** That CONNECT_ERROR's error code: `data.code` (Socket.IO's extension data, an ErrorPayload), else a top-level `code`; null without one. */
        connect_error_code: number | null;
        /** The refusal's body names as server_version the protocol version the adapter's start reported for the SDK's Server (versioning.md §Server 实现); null without a start's version or a body. */
        reports_declared_version: boolean | null;
      }
    >
  >;
  readonly steps: Readonly<
    Record<
      string,
      {
        acked: boolean;
        ack: unknown;
        shape: "empty" | "tuple" | "error_payload" | "model" | "none";
        /** A `tuple` ack's first element (0.4.0's join and leave: accepted or refused); null for any other shape. */
        ok: boolean | null;
        code: number | null;
        details: unknown;
        /** A `model` ack checked against the event's response model (server:list_room: ListRoomRet); null where there is none. */
        valid?: boolean | null;
        /** server:list_room: each listed session's name, role, office (as its label) and a2c_version, sorted by name (sids left out: they differ per run). */
        sessions?: ReadonlyArray<{ name: unknown; role: unknown; office_id: unknown; a2c_version: unknown }>;
        /** server:list_room: the offices (labels) of the sessions listed, sorted, once each; [] when the answer lists none (no ack, a refusal). */
        offices_listed?: readonly unknown[];
      }
    >
  >;
  readonly clients: Readonly<
    Record<
      string,
      {
        received: readonly string[];
        counts: Readonly<Record<string, number>>;
        /** The events received that the protocol's vocabulary (events.ts) does not define, in order: what no count names (an "originator gone" notice, say). */
        outside_vocabulary: readonly string[];
        /** Per notify:* event received: every payload valid against its data-structures model, and the last one (offices as labels). */
        payloads: Readonly<Record<string, { valid: boolean; errors: readonly string[]; last: unknown }>>;
        /** A client kept `through_stop` and connected when the stop began: whether the Server ended its connection; null for any other. */
        ended_at_stop: boolean | null;
      }
    >
  >;
}

/** RFC 6455's room for a close frame's reason, the bound versioning.md §5 names for 4900's text. */
const MAX_CLOSE_REASON_BYTES = 123;

/** The model each notification's payload must satisfy (events.ts). */
export const NOTIFY_MODEL: Readonly<Record<string, string>> = NOTIFY_PAYLOAD_MODELS;

/** The model of a Server-answered step's ack, by event (events.ts). */
const ACK_MODEL: Readonly<Record<string, string>> = SERVER_ANSWER_MODELS;

/** Every event a client can receive, counted (zero included) so a vector can say "never received". */
export const COUNTED_EVENTS = [...CLIENT_EVENT_NAMES, ...NOTIFY_EVENT_NAMES];

/** `declaredVersion`: the protocol version the SDK's Server declared when it started (the start's `a2c_version`). */
export function serverFacts(evidence: ServerSceneEvidence, declaredVersion?: unknown): ServerFacts {
  const labels = new Map(
    Object.entries(isObject(evidence?.offices) ? evidence.offices : {}).map(([label, id]) => [id, `$office:${label}`]),
  );
  const relabel = (v: unknown): unknown => {
    if (typeof v === "string") return labels.get(v) ?? v;
    if (Array.isArray(v)) return v.map(relabel);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, relabel(x)]));
    return v;
  };
  const packets = (Array.isArray(evidence?.packets) ? evidence.packets : []).filter((p) => p?.nsp === SMCP_NAMESPACE);
  const handshakes: Record<string, ServerFacts["handshakes"][string]> = {};
  for (const c of evidence?.connects ?? []) {
    if (!c || Object.hasOwn(handshakes, c.client)) continue;
    const body = parseBody(c.body);
    const refused = packets.find((p) => p?.conn === c.client && p.dir === "in" && p.type === "connect_error");
    const connectError = refused ? (refused.args?.[0] ?? null) : null;
    handshakes[c.client] = {
      connected: c.connected,
      status: c.status ?? null,
      body,
      code: isObject(body) ? (body.code ?? null) : null,
      body_keys: isObject(body) ? Object.keys(body).sort() : [],
      error_code_header: c.error_code_header ?? null,
      media_type: mediaType(c.content_type),
      close_code: c.close_code ?? null,
      close_reason_plain: closeReasonPlain(c.close_code, c.close_reason, c.close_reason_bytes),
      reports_declared_version: reportsDeclared(body, declaredVersion),
      connect_error: connectError,
      connect_error_code: connectErrorCode(connectError),
    };
  }
  const steps: Record<string, ServerFacts["steps"][string]> = {};
  for (const s of evidence?.steps ?? []) {
    if (typeof s?.step?.send !== "string") continue;
    steps[serverStepName(s.step)] = stepFacts(s, packets, relabel);
  }
  const received: Record<string, string[]> = {};
  const payloads: Record<string, Record<string, { valid: boolean; errors: string[]; last: unknown }>> = {};
  for (const c of evidence?.connects ?? []) if (c) received[c.client] ??= [];
  for (const p of packets) {
    if (p?.dir !== "in" || p.type !== "event" || typeof p.event !== "string") continue;
    (received[p.conn] ??= []).push(p.event);
    const model = NOTIFY_MODEL[p.event];
    if (!model) continue;
    const errors = modelErrors(model, p.args?.[0]);
    const seen = ((payloads[p.conn] ??= {})[p.event] ??= { valid: true, errors: [], last: null });
    seen.valid &&= errors.length === 0;
    seen.errors = [...new Set([...seen.errors, ...errors])].slice(0, 5);
    seen.last = relabel(p.args?.[0] ?? null);
  }
  const clients = Object.fromEntries(
    Object.entries(received).map(([k, list]) => [
      k,
      {
        received: list,
        counts: Object.fromEntries(COUNTED_EVENTS.map((e) => [e, list.filter((x) => x === e).length])),
        outside_vocabulary: list.filter((e) => !isSmcpEvent(e)),
        payloads: payloads[k] ?? {},
        ended_at_stop: endedAtStop(evidence?.through_stop?.[k]),
      },
    ]),
  );
  return { handshakes, steps, clients };
}

function stepFacts(
  record: ServerStepRecord,
  packets: readonly WirePacket[],
  relabel: (v: unknown) => unknown,
): ServerFacts["steps"][string] {
  const ack =
    record.ack_id === undefined
      ? undefined
      : packets.find((p) => p.dir === "in" && p.type === "ack" && p.ack_id === record.ack_id && p.conn === record.client);
  const event = record.step.send;
  if (!ack)
    return {
      acked: false,
      ack: null,
      shape: "none",
      ok: null,
      code: null,
      details: null,
      ...(event === "server:list_room" ? { offices_listed: [] } : {}),
    };
  const args = (ack.args ?? []) as unknown[];
  const first = args[0];
  const flat = isObject(first) && typeof first.code === "number" && typeof first.message === "string";
  // An ack with no argument is 0.5.0-dev's success form for join / leave ("空 ack").
  const shape = args.length === 0 ? "empty" : typeof first === "boolean" ? "tuple" : flat ? "error_payload" : "model";
  const model = event === undefined ? undefined : ACK_MODEL[event];
  const sessions =
    event === "server:list_room" && isObject(first) && Array.isArray(first.sessions) ? sessionsOf(first.sessions, relabel) : undefined;
  return {
    acked: true,
    ack: relabel(args.length === 1 ? first : args),
    shape,
    ok: shape === "tuple" ? (first as boolean) : null,
    code: flat ? (first.code as number) : null,
    details: flat && isObject(first.details) ? relabel(first.details) : null,
    valid: model && shape === "model" ? modelErrors(model, first).length === 0 : null,
    ...(sessions ? { sessions } : {}),
    ...(event === "server:list_room" ? { offices_listed: officesListed(sessions ?? []) } : {}),
  };
}

/** The error code a CONNECT_ERROR payload carries: in its extension data (`data.code`), else at its top level. */
function connectErrorCode(payload: unknown): number | null {
  if (!isObject(payload)) return null;
  if (isObject(payload.data) && typeof payload.data.code === "number") return payload.data.code;
  return typeof payload.code === "number" ? payload.code : null;
}

/** A close's reason as versioning.md §5 has 4900 carry it: a short text, no structured body; null without a close. */
function closeReasonPlain(code: unknown, reason: unknown, bytes: unknown): boolean | null {
  if (typeof code !== "number") return null;
  if (typeof reason !== "string" || typeof bytes !== "number") return false;
  const parsed = parseBody(reason);
  return bytes <= MAX_CLOSE_REASON_BYTES && !(parsed !== null && typeof parsed === "object");
}

/** Whether a refusal body's server_version is the version the Server declared at its start; null when either is missing. */
function reportsDeclared(body: unknown, declared: unknown): boolean | null {
  if (typeof declared !== "string" || declared === "" || !isObject(body)) return null;
  return body.server_version === declared;
}

/** A kept client's end at the stop, from its record (through-stop.ts); null without one, or when it was not connected then. */
function endedAtStop(record: unknown): boolean | null {
  if (!isObject(record) || record.connected_at_stop !== true) return null;
  return record.ended === true;
}

/** The distinct offices (already relabelled) of the listed sessions, sorted. */
function officesListed(sessions: ReadonlyArray<{ office_id: unknown }>): unknown[] {
  const offices = sessions.map((s) => JSON.stringify(s.office_id));
  return [...new Set(offices)].sort().map((o) => JSON.parse(o) as unknown);
}

function sessionsOf(sessions: readonly unknown[], relabel: (v: unknown) => unknown) {
  return sessions
    .filter(isObject)
    .map((s) => ({
      name: s.name ?? null,
      role: s.role ?? null,
      office_id: relabel(s.office_id ?? null),
      a2c_version: s.a2c_version ?? null,
    }))
    .sort((a, b) => (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0));
}

/** A Content-Type's essence (`application/json; charset=utf-8` → `application/json`); null without one. */
function mediaType(contentType: unknown): string | null {
  if (typeof contentType !== "string") return null;
  const essence = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "" ? null : essence;
}

function parseBody(body: string | null | undefined): unknown {
  if (typeof body !== "string") return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** What implementations are compared on: each step's ack classified (not its raw value: session ids differ) and what each client received. */
export function serverComparedValue(evidence: ServerSceneEvidence): Record<string, unknown> {
  const facts = serverFacts(evidence);
  return {
    handshakes: Object.fromEntries(Object.entries(facts.handshakes).map(([k, h]) => [k, { connected: h.connected, status: h.status }])),
    steps: Object.fromEntries(Object.entries(facts.steps).map(([k, s]) => [k, { acked: s.acked, shape: s.shape, code: s.code }])),
    clients: Object.fromEntries(Object.entries(facts.clients).map(([k, c]) => [k, c.received])),
  };
}
