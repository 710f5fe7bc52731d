/**
 * The Server-under-test scene: the harness's own clients (socket.io-client, pinned), each a scripted
 * Computer or Agent, connect to an SDK's Server, join offices and exchange events through it. Every
 * packet each client sends and receives is recorded at its Engine.IO layer, with each connection
 * attempt's outcome (a refused handshake's HTTP status, header and body), so the facts rest on what
 * crossed the wire. Offices get fresh ids per case; the facts name them by their labels.
 */
import { randomBytes } from "node:crypto";
import { Agent, type ClientRequestArgs } from "node:http";
import type { Socket as NetSocket } from "node:net";
import type { Duplex } from "node:stream";
import { io, type Socket } from "socket.io-client";
import { SMCP_NAMESPACE } from "./computer-scene.ts";
import { KIT_PAYLOAD_BYTES } from "./kit-server.ts";
import { PacketRecorder } from "./packet-recorder.ts";
import { QUIET_WINDOWS } from "./quiet-windows.ts";
import type { WirePacket } from "./scene-record.ts";
import { checkScript, playScript, pollUntil, type ScriptStep, sleep, stepNameOf } from "./script.ts";
import { type ScriptedComputerSpec, scriptedAnswer } from "./scripted-computer.ts";
import { serverRequestOf } from "./server-request.ts";
import { keepThroughStop, type ThroughStopRecord } from "./through-stop.ts";
import { watchWebSocketHandshake } from "./ws-handshake.ts";

export const WIRE_SERVER_OP = "wire.server";
/** What the adapter may take to start or stop its Server. */
export const STOP_BUDGET_MS = 10_000;

/** Whether a stop's output says the Server stopped (`{stopped: true}`): a wire.server case and an interop cell both rest on it. */
export function answeredStopped(output: unknown): boolean {
  return (output as { stopped?: unknown } | null | undefined)?.stopped === true;
}
const CONNECT_TIME_BOX_MS = 5_000;
const DEFAULT_ACK_MS = 3_000;
const DEFAULT_AWAIT_MS = 3_000;
const BODY_CHARS = 2_000;

export interface ClientSpec {
  readonly role: "computer" | "agent";
  readonly name?: string;
  readonly a2c_version?: string | null;
  /** A Computer: what its scripted answers list (scripted-computer.ts). */
  readonly tools?: readonly string[];
  readonly desktops?: readonly string[];
  /** A Computer: an event's whole answer in place of the scripted one (a generated tool result). */
  readonly answers?: Readonly<Record<string, unknown>>;
  /** websocket: a direct WebSocket handshake, never polling (versioning.md §5's WS-only client); polling: polls, never upgrades; default polling first, then the upgrade. */
  readonly transport?: "polling" | "websocket";
  /** Stays connected while the harness stops the Server (through-stop.ts); default: gone before the stop. */
  readonly through_stop?: boolean;
  /** A Computer: how long it takes over each answer (a slow Computer); default at once. */
  readonly answer_delay_ms?: number;
  readonly trailing_slash?: boolean;
}

/** A step of the scene's script (script.ts keys; `by` names the client that acts), or one of its acts. */
export interface ServerStep extends ScriptStep {
  /** Client `by` connects to /smcp. */
  readonly connect?: true;
  /** Client `by` disconnects. */
  readonly disconnect?: true;
  /** With `send: server:join_office` / `server:leave_office`: the office's label (a fresh id per case); the request is the client's join or leave. */
  readonly office?: string;
  /** Keys removed from the request (a required field left out). */
  readonly omit?: readonly string[];
  /** The event goes out with no request at all, only its ack (server-request.ts). */
  readonly no_payload?: true;
}

/** The SDK's connect-time authentication hook the adapter installs: by default one admitting every connection; `refuse` refuses every one. */
export type AuthHook = "refuse";

export interface ServerSceneSpec {
  readonly clients: Readonly<Record<string, ClientSpec>>;
  readonly script: readonly ServerStep[];
  readonly time_box_ms: number;
  readonly auth_hook?: AuthHook;
}

/** One connection attempt: connected, or why not (a refused handshake's HTTP answer when the transport gives it). */
export interface ConnectRecord {
  readonly client: string;
  readonly url: string;
  readonly connected: boolean;
  readonly status?: number | null;
  readonly error_code_header?: string | null;
  /** The refused handshake's Content-Type header as sent (error-handling.md §4008: application/json). */
  readonly content_type?: string | null;
  readonly body?: string | null;
  /** A WebSocket-only handshake that opened and then closed before /smcp connected: its close code. */
  readonly close_code?: number | null;
  /** That close's reason and its length in bytes (versioning.md §5 R3: 4900 carries only a short text). */
  readonly close_reason?: string | null;
  readonly close_reason_bytes?: number | null;
  readonly error?: string;
}

export interface ServerStepRecord {
  readonly index: number;
  readonly step: ServerStep;
  readonly client?: string;
  readonly request?: unknown;
  readonly ack_id?: number;
  readonly skipped?: string;
  /** An await step: how long it waited and whether what it waited for arrived (the facts still come from the packets). */
  readonly waited_ms?: number;
  readonly met?: boolean;
}

export interface ServerSceneEvidence {
  readonly kind: "server";
  readonly case_id: string;
  readonly url: string;
  /** Office label → the id used on the wire. */
  readonly offices: Readonly<Record<string, string>>;
  readonly connects: readonly ConnectRecord[];
  /** Every packet, `conn` = the client's key, `dir` seen from that client (`out` it sent, `in` it received). */
  readonly packets: readonly WirePacket[];
  readonly steps: readonly ServerStepRecord[];
  readonly dropped_packets: number;
  /** Clients whose connection the kit cut, and why (a Server past the size limit); absent when none was. */
  readonly cut?: Readonly<Record<string, string>>;
  /** Clients kept connected through the Server's stop, and how each connection ended; absent when none was. */
  readonly through_stop?: Readonly<Record<string, ThroughStopRecord>>;
}

/** A step's name: `as`, else the sent event without its prefix (unique among sending steps: prepareServerScene); "" for neither. */
export function serverStepName(step: ServerStep): string {
  return stepNameOf(step) ?? "";
}

export type PreparedServerScene = { readonly ok: true; readonly spec: ServerSceneSpec } | { readonly ok: false; readonly problem: string };

const JOIN_OR_LEAVE = new Set(["server:join_office", "server:leave_office"]);

/** Checks what a schema cannot: every acting client is declared, step names are unique, `office` only on a join or leave. */
export function prepareServerScene(input: unknown): PreparedServerScene {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return { ok: false, problem: "the wire.server input is not an object" };
  const raw = input as { clients?: Record<string, ClientSpec>; script?: ServerStep[]; time_box_ms?: number; auth_hook?: AuthHook };
  const clients = raw.clients ?? {};
  const script = raw.script ?? [];
  for (const [i, step] of script.entries()) {
    if (step.by !== undefined && !Object.hasOwn(clients, step.by))
      return { ok: false, problem: `script/${i}: "${step.by}" is no client of the scene` };
    if (step.office !== undefined && !(step.send !== undefined && JOIN_OR_LEAVE.has(step.send)))
      return { ok: false, problem: `script/${i}: office goes with a server:join_office or server:leave_office step only` };
    if ((step.no_payload || step.omit !== undefined) && step.send === undefined)
      return { ok: false, problem: `script/${i}: no_payload and omit go with a send step only` };
    // A request that is null, or none at all, has no fields to fill in or remove.
    const shaped = step.office !== undefined || step.omit !== undefined;
    if ((step.no_payload && (step.payload !== undefined || shaped)) || (step.payload === null && shaped))
      return { ok: false, problem: `script/${i}: no_payload and payload: null go without payload fields, omit or office` };
  }
  const problem = checkScript(script);
  if (problem) return { ok: false, problem };
  const authHook = raw.auth_hook === undefined ? {} : { auth_hook: raw.auth_hook };
  return { ok: true, spec: { clients, script, time_box_ms: raw.time_box_ms ?? 20_000, ...authHook } };
}

/** The adapter's start call for a scene: the Server lives at most the scene's time box and a stop's allowance. */
export function startCallOf(spec: ServerSceneSpec): Record<string, unknown> {
  return serverStartCall(spec.time_box_ms, spec.auth_hook);
}

/** A `wire.server` start for a Server that must live `timeBoxMs` (a wire.server scene, an interop case) and its stop. */
export function serverStartCall(timeBoxMs: number, authHook?: AuthHook): Record<string, unknown> {
  return { action: "start", time_box_ms: timeBoxMs + STOP_BUDGET_MS, ...(authHook ? { auth_hook: authHook } : {}) };
}

/**
 * Plays the scene against the Server at `url`; never throws, every wait ends by the scene's time
 * box, and every client (and any transfer still in flight) is gone when it returns. `stop`, when
 * given, stops the Server once the scene is over: after every client has gone but those the vector
 * keeps `through_stop`, which see the stop (through-stop.ts).
 */
export async function playServerScene(
  url: string,
  spec: ServerSceneSpec,
  caseId: string,
  stop?: () => Promise<void>,
): Promise<ServerSceneEvidence> {
  const started = performance.now();
  /** Each connect's agent, by client (a client connected twice has two). */
  const agents: (readonly [string, CappedAgent])[] = [];
  const recorder = new PacketRecorder(() => performance.now() - started);
  const offices: Record<string, string> = {};
  const officeId = (label: string) => (offices[label] ??= `${label}-${randomBytes(6).toString("base64url")}`);
  const sockets = new Map<string, Socket>();
  const connects: ConnectRecord[] = [];
  const steps: ServerStepRecord[] = [];
  const nameOf = (key: string) => spec.clients[key]?.name ?? key;
  const scope = {
    office: officeId,
    client: Object.fromEntries(Object.keys(spec.clients).map((key) => [key, { name: nameOf(key) }])),
  };
  const deadline = started + spec.time_box_ms;

  await playScript<ServerStep>(
    spec.script,
    {
      deadline,
      send(step, index, withinMs, answerOf) {
        const key = step.by as string;
        const socket = sockets.get(key);
        if (!socket?.connected) {
          const why = agents.filter(([k]) => k === key).at(-1)?.[1].cut;
          return { record: { client: key, skipped: `client "${key}" is not connected${why ? ` (${why})` : ""}` } };
        }
        const event = step.send as string;
        const request = serverRequestOf(step, {
          role: spec.clients[key]!.role,
          name: nameOf(key),
          reqId: `${caseId}-${index + 1}`,
          officeId,
          scope: { ...scope, step: answerOf },
        });
        const answer = new Promise<unknown[] | undefined>((resolve) => {
          const timed = socket.timeout(Math.min(step.ack_time_box_ms ?? DEFAULT_ACK_MS, withinMs));
          const done = (error: Error | null, ...args: unknown[]) => resolve(error ? undefined : args);
          if (request.none) timed.emit(event, done);
          else timed.emit(event, request.value, done);
        });
        const ackId = recorder.lastSentAckId(event, key);
        const sent = request.none ? {} : { request: request.value };
        return { record: { client: key, ...sent, ...(ackId !== undefined ? { ack_id: ackId } : {}) }, answer };
      },
      async act(step, _index, withinMs) {
        const key = step.by as string;
        if (step.heard !== undefined) {
          const from = performance.now();
          const met = await heardWithin(
            recorder,
            key,
            step.heard,
            step.count ?? 1,
            Math.min(step.time_box_ms ?? DEFAULT_AWAIT_MS, withinMs),
          );
          return { client: key, waited_ms: Math.round(performance.now() - from), met };
        }
        if (step.connect) {
          const agent = new CappedAgent();
          agents.push([key, agent]);
          const socket = await connectClient(url, key, spec.clients[key]!, { recorder, connects, agent, withinMs });
          if (socket) sockets.set(key, socket);
          return { client: key };
        }
        if (step.disconnect) {
          sockets.get(key)?.disconnect();
          sockets.delete(key);
          return { client: key };
        }
        return { skipped: "a step this scene does not play" };
      },
    },
    (played) => steps.push(played as ServerStepRecord),
  );
  // What each client heard is part of every case's compared value, judged or not: a scene always
  // ends listening (the trailing window), unless its script already ended with a quiet window.
  if (spec.script.at(-1)?.quiet === undefined) await sleep(QUIET_WINDOWS.trailing.ms);
  const kept = (key: string) => stop !== undefined && spec.clients[key]?.through_stop === true;
  const cut: Record<string, string> = {};
  /** Disconnects the clients `which` picks; a disconnect leaves a long-poll in flight to finish on its own, so their agents end every connection now. */
  const end = (which: (key: string) => boolean) => {
    for (const [key, socket] of sockets) if (which(key)) socket.disconnect();
    for (const [key, agent] of agents) {
      if (!which(key)) continue;
      agent.destroy();
      if (agent.cut) cut[key] ??= agent.cut;
    }
  };
  end((key) => !kept(key));
  const throughStop = stop ? await keepThroughStop(new Map([...sockets].filter(([key]) => kept(key))), stop) : {};
  end(kept);
  return {
    kind: "server",
    case_id: caseId,
    url,
    offices,
    connects,
    packets: recorder.packets,
    steps,
    dropped_packets: recorder.dropped,
    ...(Object.keys(cut).length > 0 ? { cut } : {}),
    ...(Object.keys(throughStop).length > 0 ? { through_stop: throughStop } : {}),
  };
}

/**
 * One client's HTTP agent: a connection over which the Server sends more than KIT_PAYLOAD_BYTES
 * since the client last wrote is cut (the transport then fails, as on any network error), and why
 * is kept as evidence. No keep-alive: each polling request has a connection, so a response of its own.
 */
class CappedAgent extends Agent {
  cut: string | undefined;

  override createConnection(options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const socket = super.createConnection(options, callback) as NetSocket | null | undefined;
    let written = -1;
    let received = 0;
    socket?.on("data", (chunk: Buffer) => {
      if (socket.bytesWritten !== written) [written, received] = [socket.bytesWritten, 0];
      received += chunk.length;
      if (received <= KIT_PAYLOAD_BYTES) return;
      this.cut ??= `over the size limit: the Server sent more than ${KIT_PAYLOAD_BYTES} bytes in one go (a packet or payload); the kit cut the connection`;
      socket.destroy();
    });
    return socket;
  }
}

interface ConnectContext {
  readonly recorder: PacketRecorder;
  readonly connects: ConnectRecord[];
  readonly agent: CappedAgent;
  /** What is left of the scene's box: the attempt ends by then, acknowledged or not. */
  readonly withinMs: number;
}

/** Connects one client (polling first unless its transport says otherwise, no reconnection), records its packets and how the attempt ended. */
async function connectClient(url: string, key: string, spec: ClientSpec, at: ConnectContext): Promise<Socket | undefined> {
  const { recorder, connects, agent } = at;
  const ms = Math.round(Math.min(CONNECT_TIME_BOX_MS, at.withinMs));
  const version = spec.a2c_version === undefined ? "0.4.0" : spec.a2c_version;
  const socket = io(`${url}${SMCP_NAMESPACE}`, {
    query: version === null ? {} : { a2c_version: version },
    auth: {},
    transports: spec.transport ? [spec.transport] : ["polling", "websocket"],
    reconnection: false,
    forceNew: true,
    timeout: ms,
    agent: agent as unknown as string, // typed string | boolean, passed on to the transports as Node's `agent`
    // Engine.IO serves /socket.io and /socket.io/ alike: a version check must hold on both.
    addTrailingSlash: spec.trailing_slash ?? true,
  });
  socket.io.on("open", () => {
    const engine = socket.io.engine as unknown as {
      on(event: "packet" | "packetCreate", listener: (p: { type: string; data?: unknown }) => void): unknown;
    };
    recorder.attach({ id: key, on: (event, listener) => engine.on(event, listener) });
  });
  const watch = spec.transport === "websocket" ? watchWebSocketHandshake(socket, BODY_CHARS) : undefined;
  if (spec.role === "computer") answerAsComputer(socket, spec);
  const failed = (error: string): ConnectRecord => ({
    client: key,
    url: `${url}${SMCP_NAMESPACE}`,
    connected: false,
    error: agent.cut ?? error,
  });
  /** A refused WebSocket-only handshake: the HTTP answer the watch kept, as a polling refusal's. */
  const upgradeRefused = (record: ConnectRecord): ConnectRecord => {
    const answer = watch?.refusal();
    return answer ? { ...record, ...answer } : record;
  };
  let timer: NodeJS.Timeout | undefined;
  const outcome = await new Promise<ConnectRecord>((resolve) => {
    socket.once("connect", () => resolve({ client: key, url: `${url}${SMCP_NAMESPACE}`, connected: true }));
    socket.once("connect_error", (error: Error & { description?: unknown; context?: unknown }) => {
      const refused = upgradeRefused(refusal(key, url, error));
      // A cut connection got no HTTP answer to show: only why it was cut.
      resolve(agent.cut ? { ...refused, status: null, body: null, error: agent.cut } : refused);
    });
    // A WebSocket closed before Engine.IO opened raises no connect_error: its close code is the answer.
    void watch?.closed.then(({ code, reason, reason_bytes }) =>
      resolve({
        ...failed(`the WebSocket closed (code ${code}) before the /smcp connect was acknowledged`),
        close_code: code,
        close_reason: reason,
        close_reason_bytes: reason_bytes,
      }),
    );
    // An Engine.IO session that opens but whose /smcp CONNECT is never answered raises no connect_error at all.
    socket.once("disconnect", (reason: string) =>
      resolve(failed(`the connection closed (${reason}) before the /smcp connect was acknowledged`)),
    );
    timer = setTimeout(() => resolve(upgradeRefused(failed(`the /smcp connect was never acknowledged within ${ms} ms`))), ms);
  });
  clearTimeout(timer);
  connects.push(outcome);
  if (outcome.connected) return socket;
  socket.disconnect();
  return undefined;
}

/** A refused connection: the HTTP answer engine.io-client keeps on its transport error (status, header, body). */
function refusal(key: string, url: string, error: Error & { description?: unknown; context?: unknown }): ConnectRecord {
  const xhr = error.context as { status?: number; responseText?: string; getResponseHeader?: (h: string) => string | null } | undefined;
  const status = typeof xhr?.status === "number" ? xhr.status : typeof error.description === "number" ? error.description : null;
  return {
    client: key,
    url: `${url}${SMCP_NAMESPACE}`,
    connected: false,
    status,
    error_code_header: responseHeader(xhr, "x-a2c-error-code"),
    content_type: responseHeader(xhr, "content-type"),
    body: typeof xhr?.responseText === "string" ? xhr.responseText.slice(0, BODY_CHARS) : null,
    error: error.message,
  };
}

/** A header of the refused request's answer; null without one (xmlhttprequest-ssl throws when the connection was refused: that ended the whole run). */
function responseHeader(xhr: { getResponseHeader?: (h: string) => string | null } | undefined, name: string): string | null {
  try {
    return typeof xhr?.getResponseHeader === "function" ? (xhr.getResponseHeader(name) ?? null) : null;
  } catch {
    return null;
  }
}

/** A scripted Computer (scripted-computer.ts): answers the client:* events the Server routes to it. */
function answerAsComputer(socket: Socket, spec: ClientSpec): void {
  const computer: ScriptedComputerSpec = {
    ...(spec.tools ? { tools: spec.tools } : {}),
    ...(spec.desktops ? { desktops: spec.desktops } : {}),
    ...(spec.answers ? { answers: spec.answers } : {}),
  };
  socket.onAny((event: string, ...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack !== "function" || !event.startsWith("client:")) return;
    const routed = scriptedAnswer(event, args[0], computer);
    if (routed.silent) return;
    const answer = () => (ack as (v: unknown) => void)(routed.answer);
    if (spec.answer_delay_ms) setTimeout(answer, spec.answer_delay_ms).unref();
    else answer();
  });
}

/** Whether client `key` has received `count` `event` packets within `withinMs` (script.ts pollUntil). */
function heardWithin(recorder: PacketRecorder, key: string, event: string, count: number, withinMs: number): Promise<boolean> {
  const heard = () => recorder.packets.filter((p) => p.dir === "in" && p.conn === key && p.type === "event" && p.event === event).length;
  return pollUntil(() => heard() >= count, withinMs);
}
