/**
 * A wire case's scene, normalized from a vector's input (vectors/_schema/ops/wire.computer.json,
 * input/definitions/vector_input): the Computer's name, the MCP servers it mounts (the transport
 * suite's scenes) and the scripted Agent's steps. Pure: no sockets here.
 */
import type { PlayedResource, PlayedTool, SkillSourceKind } from "../transport/index.ts";
import { CLIENT_EVENT_NAMES, CLIENT_RESPONSE_MODELS, type ClientEventName } from "./events.ts";
import { checkScript, type ScriptStep, stepNameOf, substitute } from "./script.ts";

export const WIRE_COMPUTER_OP = "wire.computer";
export const SMCP_NAMESPACE = "/smcp";
export const DEFAULT_COMPUTER_NAME = "wire-computer";
export const KIT_AGENT_NAME = "wire-agent";
export const DEFAULT_TIME_BOX_MS = 20_000;
export const DEFAULT_ACK_TIME_BOX_MS = 5_000;
/** How long a `heard` step waits for the Computer's event when the vector gives no time_box_ms. */
export const DEFAULT_HEARD_MS = 5_000;
/** What the adapter may take beyond its own time box to close and answer. */
export const CLOSE_ALLOWANCE_MS = 8_000;

/** The events a script may emit: the vocabulary's client:* events (events.ts). */
export const CLIENT_EVENTS = CLIENT_EVENT_NAMES;
export type ClientEvent = ClientEventName;

/** The response model of each event (events.ts), checked unless a step names another. */
export const RESPONSE_MODEL = CLIENT_RESPONSE_MODELS;

/** A step of the kit's Agent (script.ts keys; `send` a client:* event the Server routes to the Computer) or of the scene. */
export interface ComputerStep extends ScriptStep {
  readonly send?: ClientEvent;
  /** Keys removed from the request. */
  readonly omit?: readonly string[];
  /** The data-structures model the answer is checked against (default: the event's response model). */
  readonly model?: string;
  /** The Server broadcasts notify:tool_call_cancel with the req_id of this earlier client:tool_call step. */
  readonly cancel?: string;
  readonly add_tool?: string;
  readonly add_window?: string;
  /** That server (legacy_sessionful) gains late-skill, a second SKILL, and says so (resources/list_changed). */
  readonly add_skill?: string;
  /** That server (skills: true) changes kit-skill's SKILL.md and sends resources/updated for its root. */
  readonly update_skill?: string;
  /** That server gains kit://inventory/notes, a resource that is no window, and says so (resources/list_changed). */
  readonly add_note?: string;
  /** That server (skills: true) takes the kit's SKILL away and says so (resources/list_changed). */
  readonly drop_skill?: string;
  /** The same change as drop_skill, under the name the SKILL-change vectors use. */
  readonly remove_skill?: string;
  /** That server (window: true) changes its stock window's text and sends resources/updated for the window. */
  readonly update_window?: string;
  /** That server sends notifications/resources/updated for `uri` (resource_updated names the server). */
  readonly resource_updated?: string;
  readonly uri?: string;
  /** The harness makes the case's landing root read-only (landing-root.ts, lockLandingRoot). */
  readonly lock_landing?: true;
  /** The Computer under test acts through its SDK's own API (wire.computer_act; computer-act.ts). */
  readonly computer?: ComputerAct;
  /**
   * An event outside the vocabulary that the kit's Agent tries, a management-sounding `client:*` name
   * (install a plugin, mount a server, set an input): sent with `payload` and an ack, whose answer (if
   * any) is recorded and never judged. What the vector judges is what the Computer holds afterwards.
   */
  readonly probe?: string;
  /** With computer: unmount, mount, restart, stop_server or start_server, the server's bundle_id. */
  readonly bundle_id?: string;
  /** With computer: set_input, the planted credential (0-based, in server order) whose secret input changes. */
  readonly input?: number;
  /** With computer: set_input, its new value: `rotated` (secret-input.ts, rotatedSecret) or null (the value taken away). */
  readonly value?: "rotated" | null;
  /** With computer: mount, config fields laid over that server's config (wire.computer_act.json). */
  readonly set?: Readonly<Record<string, unknown>>;
}

/** What a `computer:` step has the Computer under test do (vectors/_schema/ops/wire.computer_act.json). */
export type ComputerAct =
  | "start"
  | "disconnect"
  | "shutdown"
  | "unmount"
  | "state"
  | "mount"
  | "stop"
  | "connect"
  | "leave"
  | "restart"
  | "set_input"
  | "stop_server"
  | "start_server";

/** A `computer:` step's name: `as`, else the act; undefined for any other step. */
export function actName(step: ComputerStep): string | undefined {
  return step.computer === undefined ? undefined : (step.as ?? step.computer);
}

export interface McpServerScene {
  /** The scene's key for the server (its MCP record, tool_runs_by_server); the config's name unless display_name says otherwise. */
  readonly name: string;
  /** The config's name the Computer is given, which two servers of a scene may share (absent: `name`). */
  readonly display_name?: string;
  /** With transport stdio: the config's cwd is an unusable path the harness plants (unusable-cwd.ts), so the start fails naming it. */
  readonly unusable_cwd?: boolean;
  /** Pins the mount in every run (stdio: the kit's bridge); absent: the run's --mcp-transport decides. */
  readonly transport?: "streamable_http" | "stdio";
  readonly bundle_id?: string;
  readonly disabled?: boolean;
  readonly forbidden_tools?: readonly string[];
  readonly tool_meta?: Readonly<Record<string, unknown>>;
  /** Left out of the Computer's construction: only a `computer: mount` step adds it, at runtime (needs bundle_id). */
  readonly mount_later?: boolean;
  readonly credential?: boolean;
  /**
   * With `credential`: the config holds the credential as `${input:<id>}` (a header, or env over stdio),
   * and the Computer is given that password input and its value through its SDK's own input API
   * (secret-input.ts), so what the MCP server receives is a value the SDK resolved itself.
   */
  readonly secret_input?: boolean;
  /**
   * With `secret_input`: the config names that one input four times, in three header (or env) values,
   * one of them naming it twice (secret-input.ts, repeatedCredential), so one render meets the id again and again.
   */
  readonly input_repeated?: boolean;
  /** The tools/call is answered with a 401 OAuth challenge whose parameters are planted secrets (oauth-challenge.ts). */
  readonly oauth_challenge?: boolean;
  readonly server_mode?: "dual" | "legacy_sessionful";
  readonly window?: boolean;
  readonly skills?: boolean;
  readonly images?: boolean;
  /** Tools the MCP server also serves, each answering with the result given (harness/transport/played-tools.ts). */
  readonly played_tools?: readonly PlayedTool[];
  /** tools/list and resources/list one item per page (harness/transport/paged-lists.ts). */
  readonly paged?: boolean;
  /** Resources the MCP server also serves, each read as the text given (harness/transport/played-resources.ts). */
  readonly played_resources?: readonly PlayedResource[];
  /** The MCP server declares resources.subscribe and accepts (un)subscribe requests (desktop.md, prerequisite); defaults to `window`. */
  readonly subscribe?: boolean;
  /** The MCP server also offers a resource template, kit://inventory/items/{sku} (resources/templates/list). */
  readonly templates?: boolean;
  /** SKILLs the MCP server also serves in the mounted / archive staging modes (harness/transport/skill-sources.ts). */
  readonly skill_sources?: readonly SkillSourceKind[];
  /** The transport scene for this server (harness/transport): what its MCP server does to tools/call. */
  readonly scene?: Readonly<Record<string, unknown>>;
}

export interface ComputerSceneSpec {
  readonly computer_name: string;
  readonly servers: readonly McpServerScene[];
  readonly script: readonly ComputerStep[];
  readonly time_box_ms: number;
  /** The Computer gets a landing root for client:put_blob: a fresh empty folder of the harness's (landing-root.ts). */
  readonly landing_root?: boolean;
  /** The Computer's absolute size limit for a SKILL resource (skill.md §7 get_skill step 5), configured through the SDK; absent: its default. */
  readonly skill_max_bytes?: number;
  /** The deployment's bounds on upload sessions, passed to the adapter as given (absent: the SDK's own). */
  readonly upload_limits?: UploadLimits;
  /** Business auth fields the caller hands the SDK's connect (sdk-api-guidance.md §2 item 8, §4.3), passed to the adapter as given. */
  readonly connect_auth?: Readonly<Record<string, string>>;
  /**
   * The adapter creates its Computer from the config and holds it unstarted until the Server's start
   * act: the scene sees what creation alone did (computer-act.ts, `CREATED_ACT`).
   */
  readonly start_on_act?: boolean;
  /** The adapter counts its SDK's input resolver calls through the SDK's own resolver hook and answers them (`input_resolutions`). */
  readonly count_input_resolutions?: boolean;
}

/** client:put_blob session bounds a deployment sets (blob-transfer.md §3: SDK-defined, configurable). */
export interface UploadLimits {
  readonly max_sessions?: number;
  readonly idle_timeout_s?: number;
}

/** A sending step's name: `as`, else the event without `client:` (unique: prepareComputerScene); undefined for any other step. */
export function stepName(step: ComputerStep): string | undefined {
  return step.send === undefined ? undefined : stepNameOf(step);
}

export type PreparedComputerScene =
  | { readonly ok: true; readonly spec: ComputerSceneSpec }
  | { readonly ok: false; readonly problem: string };

/** Defaults and the cross-step checks a schema cannot state (unique names; cancel/await name an earlier step). */
export function prepareComputerScene(input: unknown): PreparedComputerScene {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return { ok: false, problem: "the wire input is not an object" };
  const raw = input as Record<string, unknown>;
  const script = (raw.script ?? []) as ComputerStep[];
  const problem = checkScript(script);
  if (problem) return { ok: false, problem };
  const sent = new Map<string, ComputerStep>();
  for (const [i, step] of script.entries()) {
    if (step.cancel !== undefined) {
      const earlier = sent.get(step.cancel);
      if (!earlier) return { ok: false, problem: `script/${i}: cancel names "${step.cancel}", no earlier step` };
      if (earlier.send !== "client:tool_call")
        return { ok: false, problem: `script/${i}: cancel names "${step.cancel}", which is not a client:tool_call` };
    }
    const name = stepName(step);
    if (name !== undefined) sent.set(name, step);
  }
  const modes = new Map(((raw.servers as McpServerScene[] | undefined) ?? []).map((s) => [s.name ?? "inventory", s.server_mode ?? "dual"]));
  const windows = new Set(((raw.servers as McpServerScene[] | undefined) ?? []).filter((s) => s.window).map((s) => s.name ?? "inventory"));
  const skills = new Set(((raw.servers as McpServerScene[] | undefined) ?? []).filter((s) => s.skills).map((s) => s.name ?? "inventory"));
  for (const [i, step] of script.entries())
    if (step.probe !== undefined && (CLIENT_EVENTS as readonly string[]).includes(step.probe))
      return { ok: false, problem: `script/${i}: probe names ${step.probe}, an event of the vocabulary (send it instead)` };
  for (const s of (raw.servers as McpServerScene[] | undefined) ?? []) {
    if (s.secret_input && !s.credential) return { ok: false, problem: `servers/${s.name}: secret_input goes with credential: true` };
    if (s.input_repeated && !s.secret_input)
      return { ok: false, problem: `servers/${s.name}: input_repeated goes with secret_input: true` };
    if (s.mount_later && s.bundle_id === undefined)
      return { ok: false, problem: `servers/${s.name}: mount_later needs a bundle_id (a mount act names the server by it)` };
  }
  const acts = new Set<string>();
  for (const [i, step] of script.entries()) {
    const act = actName(step);
    if (act !== undefined) {
      if (acts.has(act)) return { ok: false, problem: `script/${i}: act name "${act}" is used twice (give one an \`as\`)` };
      acts.add(act);
      const byId = BY_BUNDLE_ID.has(step.computer!);
      if (byId !== (step.bundle_id !== undefined))
        return { ok: false, problem: `script/${i}: bundle_id goes with computer: ${[...BY_BUNDLE_ID].join(", ")}, and only there` };
      const problemOfInput = setInputProblem(step, (raw.servers as McpServerScene[] | undefined) ?? []);
      if (problemOfInput) return { ok: false, problem: `script/${i}: ${problemOfInput}` };
      const problem = mountProblem(step, raw.servers as McpServerScene[] | undefined);
      if (problem) return { ok: false, problem: `script/${i}: ${problem}` };
    } else if (step.bundle_id !== undefined || step.set !== undefined || step.input !== undefined || step.value !== undefined)
      return { ok: false, problem: `script/${i}: bundle_id, set, input and value go with a computer: step` };
    if (step.lock_landing && raw.landing_root !== true)
      return { ok: false, problem: `script/${i}: lock_landing needs a landing root (landing_root: true)` };
    if (step.add_tool !== undefined && modes.get(step.add_tool) !== "legacy_sessionful")
      return {
        ok: false,
        problem: `script/${i}: add_tool names "${step.add_tool}", which is no server with server_mode legacy_sessionful`,
      };
    for (const named of [step.add_window, step.update_window])
      if (named !== undefined && (modes.get(named) !== "legacy_sessionful" || !windows.has(named)))
        return { ok: false, problem: `script/${i}: "${named}" is no server with server_mode legacy_sessionful and window: true` };
    const changed = step.add_skill ?? step.add_note ?? step.resource_updated;
    if (changed !== undefined && modes.get(changed) !== "legacy_sessionful")
      return {
        ok: false,
        problem: `script/${i}: "${changed}" is no server with server_mode legacy_sessionful (only its sessions hear of a change)`,
      };
    for (const named of [step.drop_skill, step.remove_skill, step.update_skill])
      if (named !== undefined && (modes.get(named) !== "legacy_sessionful" || !skills.has(named)))
        return { ok: false, problem: `script/${i}: "${named}" is no server with server_mode legacy_sessionful and skills: true` };
    if ((step.resource_updated === undefined) !== (step.uri === undefined))
      return { ok: false, problem: `script/${i}: resource_updated and uri go together` };
  }
  const servers = ((raw.servers as McpServerScene[] | undefined) ?? [{ name: "inventory", bundle_id: "inv" }]).map((s) => ({
    ...s,
    name: s.name ?? "inventory",
  }));
  const names = new Set<string>();
  for (const s of servers) {
    if (names.has(s.name)) return { ok: false, problem: `servers: the name "${s.name}" is used twice` };
    names.add(s.name);
    // A scripted HTTP answer or an HTTP-only mode cannot be played to a Computer that speaks stdio.
    if (s.transport === "stdio" && (s.scene !== undefined || !["dual", "legacy_sessionful"].includes(s.server_mode ?? "dual")))
      return { ok: false, problem: `servers: "${s.name}" is pinned to stdio but its scene or server_mode is about HTTP` };
    if (s.unusable_cwd && s.transport !== "stdio")
      return { ok: false, problem: `servers: "${s.name}" has unusable_cwd, which needs transport: stdio` };
  }
  return {
    ok: true,
    spec: {
      computer_name: (raw.computer_name as string | undefined) ?? DEFAULT_COMPUTER_NAME,
      servers,
      script,
      time_box_ms: (raw.time_box_ms as number | undefined) ?? DEFAULT_TIME_BOX_MS,
      landing_root: raw.landing_root === true,
      ...(typeof raw.skill_max_bytes === "number" ? { skill_max_bytes: raw.skill_max_bytes } : {}),
      ...(raw.upload_limits !== undefined ? { upload_limits: raw.upload_limits as UploadLimits } : {}),
      ...(raw.connect_auth !== undefined ? { connect_auth: raw.connect_auth as Record<string, string> } : {}),
      ...(raw.start_on_act === true ? { start_on_act: true } : {}),
      ...(raw.count_input_resolutions === true ? { count_input_resolutions: true } : {}),
    },
  };
}

/** The request a sending step sends: the defaults, the step's payload laid over them (`{$ref: step/…}` resolved), `omit` removed. */
export function requestOf(
  spec: ComputerSceneSpec,
  step: ComputerStep & { send: ClientEvent },
  reqId: string,
  answerOf: (name: string) => unknown,
): Record<string, unknown> {
  const defaults: Record<string, unknown> = { agent: KIT_AGENT_NAME, req_id: reqId, computer: spec.computer_name };
  if (step.send === "client:tool_call") Object.assign(defaults, { params: { sku: "DEMO-001" }, timeout: 10 });
  const request: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(step.payload ?? {})) request[key] = substitute(value, { step: answerOf });
  for (const key of step.omit ?? []) delete request[key];
  return request;
}

/** The acts on one MCP server, named by its bundle_id. */
const BY_BUNDLE_ID: ReadonlySet<ComputerAct> = new Set<ComputerAct>(["unmount", "mount", "restart", "stop_server", "start_server"]);

/** A set_input names a planted credential that is a secret input, and a value; input and value go with set_input only. */
function setInputProblem(step: ComputerStep, servers: readonly McpServerScene[]): string | undefined {
  const given = step.input !== undefined || step.value !== undefined;
  if (step.computer !== "set_input") return given ? "input and value go with computer: set_input" : undefined;
  if (step.input === undefined || step.value === undefined) return "computer: set_input needs input and value";
  if (!servers.filter((s) => s.credential)[step.input]?.secret_input)
    return `computer: set_input names credential ${step.input}, which is no server with credential and secret_input`;
  return undefined;
}

/** A mount names a server of the scene that carries that bundle_id explicitly (the adapter finds its config by it); `set` goes with mount only. */
function mountProblem(step: ComputerStep, servers: readonly McpServerScene[] | undefined): string | undefined {
  if (step.computer !== "mount") return step.set === undefined ? undefined : "set goes with computer: mount";
  if (!(servers ?? []).some((s) => s.bundle_id === step.bundle_id))
    return `computer: mount names bundle_id "${step.bundle_id}", which no server of the scene sets`;
  return undefined;
}
