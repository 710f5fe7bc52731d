/**
 * The Agent-under-test scene: the harness plays the Server and a scripted Computer in one
 * Socket.IO Server of its own (127.0.0.1, a port from the OS, namespace /smcp). The SDK's Agent
 * connects, joins the case's office and sends its requests; the scripted Computer answers them
 * (the vector may replace an answer or keep one unanswered) and the Server pushes the vector's
 * notifications. Every packet is recorded; nothing here judges.
 */
import type { Socket } from "socket.io";
import { type AgentEventStep, eventDefinition, isSmcpEvent, type SmcpEventName } from "./events.ts";
import { newOfficeId, openKitServer } from "./kit-server.ts";
import { QUIET_WINDOWS } from "./quiet-windows.ts";
import type { WireHandshake, WireHeldHandshake, WireIntruder, WirePacket } from "./scene-record.ts";
import { pollUntil, type ScriptStep, stepNameOf } from "./script.ts";
import { type ScriptedBlob, ScriptedBlobs } from "./scripted-blobs.ts";
import { type ScriptedComputerSpec, scriptedAnswer } from "./scripted-computer.ts";
import { scriptedRead } from "./scripted-reads.ts";
import { ScriptedUploads } from "./scripted-uploads.ts";
import { versionRefusal } from "./version-refusal.ts";

export const WIRE_AGENT_OP = "wire.agent";
export const DEFAULT_AGENT_TIME_BOX_MS = 15_000;
export const AGENT_NAME_UNDER_TEST = "sdk-agent";
export const SCRIPTED_COMPUTER = "kit-computer";
/** After the adapter answered, how long the scene waits for its Agent to leave before closing. */
const AFTER_ANSWER_MS = 200;
/** How long a held answer waits for the Agent's own follow-up (AgentSceneSpec.hold) at most. */
export const HOLD_MS = 5_000;
/** What the adapter may take beyond the time box to disconnect and answer. */
export const AGENT_CLOSE_ALLOWANCE_MS = 5_000;

/** An adapter's script step: one per event the vocabulary has an Agent send (events.ts `agentStep`), or `wait`. */
export type AgentStepKind = AgentEventStep | "wait";

/**
 * A step of the adapter's script (wire.agent's call input): the protocol the SDK adapters speak,
 * each step one call of the SDK's Agent API. A vector writes its script in the one script language
 * (AgentSceneStep); agentCallOf translates it.
 */
export interface AgentStep {
  readonly do: AgentStepKind;
  readonly as: string;
  readonly computer?: string;
  readonly tool_name?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly timeout_s?: number;
  readonly ms?: number;
  /** put_blob: what to upload as UTF-8 text (its bytes are the upload), the chunk size the caller asks for, the name it suggests. */
  readonly text?: string;
  readonly chunk_size?: number;
  readonly name_hint?: string;
  /** get_skill: the SKILL and its file; get_blob: the handle and where the chunk starts. */
  readonly name?: string;
  readonly rel_path?: string;
  readonly blob_handle?: string;
  readonly chunk_offset?: number;
}

/** What the SDK's Agent may set of a request through its API (a vector step's `payload`). */
export type AgentPayload = {
  /** The Computer the call addresses (default: the scene's Computer). */
  readonly computer?: string;
  readonly tool_name?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** client:tool_call: the timeout (seconds) the Agent sends and waits. */
  readonly timeout?: number;
  /** client:put_blob: what the caller uploads as UTF-8 text, the chunk size it asks for, the name it suggests. */
  readonly text?: string;
  readonly chunk_size?: number;
  readonly name_hint?: string;
  /** client:get_skill: the SKILL's name and the file in its package; client:get_blob: the handle and the chunk's offset. */
  readonly name?: string;
  readonly rel_path?: string;
  readonly blob_handle?: string;
  readonly chunk_offset?: number;
};

/** A vector's step (script.ts keys): the SDK's Agent sends `send` (through its API's call for that event), or pauses. */
export interface AgentSceneStep extends ScriptStep {
  readonly send?: SmcpEventName;
  readonly payload?: AgentPayload;
}

export interface AgentPush {
  readonly after: string;
  readonly event: string;
  readonly payload?: Readonly<Record<string, unknown>>;
}

export interface AgentSceneSpec {
  readonly script: readonly AgentSceneStep[];
  readonly computer_name: string;
  readonly time_box_ms: number;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly silent: readonly string[];
  readonly push: readonly AgentPush[];
  /**
   * Per Server-answered event (server:list_room): the client:* event the Agent must have sent by
   * itself before that answer goes out (at most HOLD_MS on), so a script ends on the evidence of an
   * Agent's follow-up to a notification, not on a fixed pause.
   */
  readonly hold: Readonly<Record<string, string>>;
  /**
   * `unanswered`: the Server accepts the Agent's HTTP handshake request and never answers it;
   * `version_mismatch`: it refuses each with the 4008 answer of a Server of another protocol line
   * (version-refusal.ts), then listens for the retry window after the adapter answered (default `answered`).
   */
  readonly handshake: "answered" | "unanswered" | "version_mismatch";
  readonly servers?: ReadonlyArray<Record<string, unknown>>;
  /** The blobs the scripted Computer serves through client:get_blob, by handle (scripted-blobs.ts). */
  readonly blobs: Readonly<Record<string, ScriptedBlob>>;
  /**
   * An a2c_version the caller puts in the Server URL the adapter gets (after the case's secret), as
   * user code would: the SDK sets a2c_version itself and must not let it through (versioning.md §SDK 仓库).
   */
  readonly user_a2c_version?: string;
  /** The scripted Computer refuses the nth client:put_blob request of the scene (1-based) with 4019 of that reason (scripted-uploads.ts). */
  readonly upload_refusals: Readonly<Record<string, string>>;
  /** The a2c_version server:list_room gives the scripted Computer's session (default 0.4.0, the scene's own). */
  readonly computer_a2c_version: string;
}

/** What the adapter gets (vectors/_schema/ops/wire.agent.json, input). */
export type WireAgentCall = {
  readonly url: string;
  readonly office_id: string;
  readonly agent_name: string;
  readonly computer_name: string;
  readonly script: readonly AgentStep[];
  readonly time_box_ms: number;
};

export interface AgentSceneEvidence {
  readonly kind: "agent";
  readonly case_id: string;
  /** The URL the adapter was given, with the case's secret (case-seal.ts). */
  readonly url: string;
  readonly office_id: string;
  readonly agent_name: string;
  readonly computer_name: string;
  /** The admitted connections' handshakes; the refused ones are `intruders` (never judged). */
  readonly handshakes: readonly WireHandshake[];
  readonly intruders: readonly WireIntruder[];
  readonly intruders_not_kept?: number;
  /** With `handshake: unanswered`: the Agent's handshakes the Server held without an answer. */
  readonly held?: readonly WireHeldHandshake[];
  /** With `handshake: version_mismatch`: the Agent's handshakes the Server refused with 4008. */
  readonly refused?: readonly WireHeldHandshake[];
  readonly packets: readonly WirePacket[];
  /** What the scripted Computer answered, by the request's req_id (`null`: kept unanswered). */
  readonly answered: Readonly<Record<string, unknown>>;
  /** Notifications pushed, in order, with the packet that triggered each. */
  readonly pushed: ReadonlyArray<{ readonly event: string; readonly payload: unknown; readonly after: string }>;
  readonly dropped_packets: number;
}

export type PreparedAgentScene = { readonly ok: true; readonly spec: AgentSceneSpec } | { readonly ok: false; readonly problem: string };

/** Defaults and what a schema cannot check: unique step names, an event an Agent is driven to send, a tool_call names its tool. */
export function prepareAgentScene(input: unknown): PreparedAgentScene {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return { ok: false, problem: "the wire.agent input is not an object" };
  const raw = input as Partial<AgentSceneSpec>;
  const script = raw.script ?? [];
  const problem = checkAgentScript(script);
  if (problem) return { ok: false, problem };
  return {
    ok: true,
    spec: {
      script,
      computer_name: raw.computer_name ?? SCRIPTED_COMPUTER,
      time_box_ms: raw.time_box_ms ?? DEFAULT_AGENT_TIME_BOX_MS,
      answers: raw.answers ?? {},
      silent: raw.silent ?? [],
      push: raw.push ?? [],
      hold: raw.hold ?? {},
      handshake: raw.handshake ?? "answered",
      ...(raw.servers ? { servers: raw.servers } : {}),
      blobs: raw.blobs ?? {},
      ...(raw.user_a2c_version ? { user_a2c_version: raw.user_a2c_version } : {}),
      upload_refusals: raw.upload_refusals ?? {},
      computer_a2c_version: raw.computer_a2c_version ?? "0.4.0",
    },
  };
}

export interface AgentCase {
  readonly call: WireAgentCall;
  /**
   * After the adapter answered: resolves once the Agent has left (no /smcp connection open), at most
   * AFTER_ANSWER_MS on, so a packet it sends while closing is still recorded and a case whose Agent
   * left does not wait for nothing.
   */
  drained(): Promise<void>;
  /** Disconnects the Agent, closes the Server; resolves with the record. Idempotent. */
  close(): Promise<AgentSceneEvidence>;
}

/** Opens the case's Server with its scripted Computer; the Agent is expected to connect to `call.url`. */
export async function openAgentCase(id: string, spec: AgentSceneSpec): Promise<AgentCase> {
  const refusing = spec.handshake === "version_mismatch";
  const server = await openKitServer({
    answerHandshakes: spec.handshake !== "unanswered",
    ...(refusing ? { refuseHandshakes: versionRefusal } : {}),
  });
  const answered: Record<string, unknown> = {};
  const pushed: Array<{ event: string; payload: unknown; after: string }> = [];
  const officeId = newOfficeId();
  const firsts = new Set<string>();
  const computer: ScriptedComputerSpec = { answers: spec.answers, silent: spec.silent };
  const uploads = new ScriptedUploads(spec.upload_refusals);
  const blobs = new ScriptedBlobs(spec.blobs);
  // An Agent's SKILL and blob reads the vector leaves alone get a model answer (scripted-reads.ts).
  const readByDefault = (event: string, req: Record<string, unknown>) => {
    if (spec.silent.includes(event) || Object.hasOwn(spec.answers, event)) return undefined;
    const answer = scriptedRead(event, req);
    return answer === undefined ? undefined : { silent: false as const, answer };
  };
  /** How many requests of each client:* event the Agent sent, for `hold`. */
  const sent = new Map<string, number>();
  const heldFor = async (event: string) => {
    const awaited = spec.hold[event];
    if (awaited !== undefined) await pollUntil(() => (sent.get(awaited) ?? 0) > 0, HOLD_MS);
  };

  const pushAfter = (socket: Socket, trigger: string) => {
    if (firsts.has(trigger)) return;
    firsts.add(trigger);
    for (const p of spec.push.filter((q) => q.after === trigger)) {
      const payload = { office_id: officeId, computer: spec.computer_name, ...(p.payload ?? {}) };
      pushed.push({ event: p.event, payload, after: trigger });
      socket.emit(p.event, payload);
    }
  };

  server.smcp.on("connection", (socket) => {
    socket.on("server:join_office", (request: unknown, ack?: (...args: unknown[]) => void) => {
      const req = (request ?? {}) as Record<string, unknown>;
      const accepted = req.role === "agent" && req.office_id === officeId;
      if (typeof ack === "function") ack(accepted, accepted ? null : "this scene admits its Agent to its own office only");
      if (!accepted) return;
      void socket.join(officeId);
      pushAfter(socket, "join");
    });
    socket.on("server:leave_office", (_request: unknown, ack?: (...args: unknown[]) => void) => {
      void socket.leave(officeId);
      if (typeof ack === "function") ack(true, null);
      pushAfter(socket, "server:leave_office");
    });
    // A cancel is answered by nothing (events.md: its ack is None); an Agent that asks for an ack gets an empty one.
    socket.on("server:tool_call_cancel", (_request: unknown, ack?: (...args: unknown[]) => void) => {
      if (typeof ack === "function") ack();
    });
    socket.on("server:list_room", async (request: unknown, ack?: (...args: unknown[]) => void) => {
      await heldFor("server:list_room");
      const req = (request ?? {}) as Record<string, unknown>;
      const sessions = [
        {
          sid: "kit-computer-sid",
          name: spec.computer_name,
          role: "computer",
          office_id: officeId,
          a2c_version: spec.computer_a2c_version,
        },
        { sid: socket.id, name: String(req.agent ?? ""), role: "agent", office_id: officeId, a2c_version: "0.4.0" },
      ];
      const answer = { sessions, req_id: req.req_id };
      answered[String(req.req_id)] = answer;
      if (typeof ack === "function") ack(answer);
      pushAfter(socket, "server:list_room");
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      if (!event.startsWith("client:")) return;
      sent.set(event, (sent.get(event) ?? 0) + 1);
      const req = (args[0] ?? {}) as Record<string, unknown>;
      const ack = args.at(-1);
      const reqId = String(req.req_id);
      // The Server routes to its one Computer: a request naming another gets the Server's 404.
      const routed =
        req.computer !== spec.computer_name
          ? {
              silent: false as const,
              answer: { code: 404, message: `no Computer named ${String(req.computer)} in this office`, req_id: req.req_id },
            }
          : event === "client:put_blob" && !spec.silent.includes(event) && !Object.hasOwn(spec.answers, event)
            ? { silent: false as const, answer: uploads.answer(req) }
            : event === "client:get_blob" && blobs.serves(req)
              ? { silent: false as const, answer: blobs.answer(req) }
              : (readByDefault(event, req) ?? scriptedAnswer(event, req, computer));
      if (routed.silent) {
        answered[reqId] = null;
        return;
      }
      answered[reqId] = routed.answer;
      if (typeof ack === "function") (ack as (v: unknown) => void)(routed.answer);
      pushAfter(socket, event);
    });
  });

  let closing: Promise<AgentSceneEvidence> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await server.close();
      return {
        kind: "agent",
        case_id: id,
        url: server.url,
        office_id: officeId,
        agent_name: AGENT_NAME_UNDER_TEST,
        computer_name: spec.computer_name,
        handshakes: server.handshakes,
        ...server.intruders(),
        ...(spec.handshake === "unanswered" ? { held: server.held } : {}),
        ...(refusing ? { refused: server.refused } : {}),
        packets: server.recorder.packets,
        answered,
        pushed,
        dropped_packets: server.recorder.dropped,
      } satisfies AgentSceneEvidence;
    })());
  const drained = async () => {
    // A refused Agent that retries on its own would send another handshake: listen for the retry window.
    if (refusing) await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOWS.retry.ms));
    else await pollUntil(() => server.smcp.sockets.size === 0, AFTER_ANSWER_MS);
  };
  return { call: agentCallOf(spec, { url: server.url, office_id: officeId, agent_name: AGENT_NAME_UNDER_TEST }), drained, close };
}

/** The adapter's call for a scene at a recorded place. Pure, so `audit` rebuilds it from the vector and the evidence. */
export function agentCallOf(
  spec: Pick<AgentSceneSpec, "computer_name" | "script" | "time_box_ms" | "user_a2c_version">,
  at: { readonly url: string; readonly office_id: string; readonly agent_name: string },
): WireAgentCall {
  return {
    url: spec.user_a2c_version ? `${at.url}&a2c_version=${spec.user_a2c_version}` : at.url,
    office_id: at.office_id,
    agent_name: at.agent_name,
    computer_name: spec.computer_name,
    script: spec.script.map(adapterStep),
    time_box_ms: spec.time_box_ms,
  };
}

/** A step's name for the adapter (it answers by it): `as`, else the event without its prefix, else `wait_<n>`. */
function adapterName(step: AgentSceneStep, index: number): string {
  return stepNameOf(step) ?? `wait_${index + 1}`;
}

/** A vector step as the adapter's step: the event's Agent call (events.ts `agentStep`) with the payload's fields, or a wait. */
function adapterStep(step: AgentSceneStep, index: number): AgentStep {
  const as = adapterName(step, index);
  // A quiet window is a pause to the adapter: the kit's Server records whatever the Agent sends in it.
  if (step.send === undefined)
    return { do: "wait", as, ms: step.quiet !== undefined ? QUIET_WINDOWS[step.quiet].ms : (step.sleep_ms ?? 0) };
  const p = step.payload ?? {};
  return {
    do: eventDefinition(step.send).agentStep as AgentEventStep,
    as,
    ...(p.computer !== undefined ? { computer: p.computer } : {}),
    ...(p.tool_name !== undefined ? { tool_name: p.tool_name } : {}),
    ...(p.params !== undefined ? { params: p.params } : {}),
    ...(p.timeout !== undefined ? { timeout_s: p.timeout } : {}),
    ...(p.text !== undefined ? { text: p.text } : {}),
    ...(p.chunk_size !== undefined ? { chunk_size: p.chunk_size } : {}),
    ...(p.name_hint !== undefined ? { name_hint: p.name_hint } : {}),
    ...(p.name !== undefined ? { name: p.name } : {}),
    ...(p.rel_path !== undefined ? { rel_path: p.rel_path } : {}),
    ...(p.blob_handle !== undefined ? { blob_handle: p.blob_handle } : {}),
    ...(p.chunk_offset !== undefined ? { chunk_offset: p.chunk_offset } : {}),
  };
}

/** The checks of an Agent's script (wire.agent and interop alike); a problem names the step. */
export function checkAgentScript(script: readonly AgentSceneStep[]): string | undefined {
  const names = new Set<string>();
  for (const [i, step] of script.entries()) {
    if (step.send === undefined && step.sleep_ms === undefined && step.quiet === undefined)
      return `script/${i}: an Agent's step sends an event, sleeps or keeps a quiet window`;
    if (step.send !== undefined && (!isSmcpEvent(step.send) || eventDefinition(step.send).agentStep === undefined))
      return `script/${i}: the SDK's Agent is not driven to send ${String(step.send)}`;
    const name = adapterName(step, i);
    if (names.has(name)) return `script/${i}: step name "${name}" is used twice`;
    names.add(name);
    if (step.send === "client:tool_call" && step.payload?.tool_name === undefined)
      return `script/${i}: a client:tool_call step names no payload.tool_name`;
    if (step.send === "client:put_blob" && step.payload?.text === undefined)
      return `script/${i}: a client:put_blob step gives no payload.text`;
  }
  return undefined;
}
