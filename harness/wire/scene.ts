/**
 * A wire case's scene, normalized from a vector's input (vectors/_schema/ops/wire.computer.json,
 * input/definitions/vector_input): the Computer's name, the MCP servers it mounts (the transport
 * suite's scenes) and the scripted Agent's steps. Pure: no sockets here.
 */
import { CLIENT_EVENT_NAMES, CLIENT_RESPONSE_MODELS, type ClientEventName } from "./events.ts";

export const WIRE_COMPUTER_OP = "wire.computer";
export const SMCP_NAMESPACE = "/smcp";
export const DEFAULT_COMPUTER_NAME = "wire-computer";
export const AGENT_NAME = "wire-agent";
export const DEFAULT_TIME_BOX_MS = 20_000;
export const DEFAULT_ACK_TIME_BOX_MS = 5_000;
/** After the script and before the disconnect: late events (a trailing update notification) are still recorded. */
export const SETTLE_MS = 300;
/** What the adapter may take beyond its own time box to close and answer. */
export const CLOSE_ALLOWANCE_MS = 8_000;

/** The events a script may emit: the vocabulary's client:* events (events.ts). */
export const CLIENT_EVENTS = CLIENT_EVENT_NAMES;
export type ClientEvent = ClientEventName;

/** The response model of each event (events.ts), checked unless a step names another. */
export const RESPONSE_MODEL = CLIENT_RESPONSE_MODELS;

export interface WireStep {
  readonly emit?: ClientEvent;
  readonly as?: string;
  readonly payload?: Readonly<Record<string, unknown>>;
  readonly omit?: readonly string[];
  readonly model?: string;
  readonly wait?: boolean;
  readonly ack_time_box_ms?: number;
  readonly cancel?: string;
  readonly sleep_ms?: number;
  readonly await?: string;
  readonly add_tool?: string;
  readonly add_window?: string;
}

export interface McpServerScene {
  readonly name: string;
  readonly bundle_id?: string;
  readonly disabled?: boolean;
  readonly forbidden_tools?: readonly string[];
  readonly tool_meta?: Readonly<Record<string, unknown>>;
  readonly credential?: boolean;
  readonly server_mode?: "dual" | "legacy_sessionful";
  readonly window?: boolean;
  readonly skills?: boolean;
  readonly images?: boolean;
  /** The transport scene for this server (harness/transport): what its MCP server does to tools/call. */
  readonly scene?: Readonly<Record<string, unknown>>;
}

export interface WireCaseSpec {
  readonly computer_name: string;
  readonly servers: readonly McpServerScene[];
  readonly script: readonly WireStep[];
  readonly time_box_ms: number;
  /** The Computer gets a landing root for client:put_blob: a fresh empty folder of the harness's (landing-root.ts). */
  readonly landing_root?: boolean;
}

/** The step's name: `as`, else the event without `client:` (the corpus check makes names unique). */
export function stepName(step: WireStep): string | undefined {
  if (step.emit === undefined) return undefined;
  return step.as ?? step.emit.slice("client:".length);
}

export type PreparedWire = { readonly ok: true; readonly spec: WireCaseSpec } | { readonly ok: false; readonly problem: string };

/** Defaults and the cross-step checks a schema cannot state (unique names; cancel/await name an earlier step). */
export function prepareWireCase(input: unknown): PreparedWire {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return { ok: false, problem: "the wire input is not an object" };
  const raw = input as Record<string, unknown>;
  const script = (raw.script ?? []) as WireStep[];
  const seen = new Map<string, WireStep>();
  for (const [i, step] of script.entries()) {
    const name = stepName(step);
    if (name !== undefined) {
      if (seen.has(name)) return { ok: false, problem: `script/${i}: step name "${name}" is used twice (give one an \`as\`)` };
      seen.set(name, step);
    }
    const ref = step.cancel ?? step.await;
    if (ref !== undefined) {
      const earlier = seen.get(ref);
      if (!earlier) return { ok: false, problem: `script/${i}: "${ref}" names no earlier emit step` };
      if (step.cancel !== undefined && earlier.emit !== "client:tool_call")
        return { ok: false, problem: `script/${i}: cancel names "${ref}", which is not a client:tool_call` };
      if (step.await !== undefined && earlier.wait !== false)
        return { ok: false, problem: `script/${i}: await names "${ref}", which was not sent with wait: false` };
    }
  }
  const modes = new Map(((raw.servers as McpServerScene[] | undefined) ?? []).map((s) => [s.name ?? "inventory", s.server_mode ?? "dual"]));
  const windows = new Set(((raw.servers as McpServerScene[] | undefined) ?? []).filter((s) => s.window).map((s) => s.name ?? "inventory"));
  for (const [i, step] of script.entries()) {
    if (step.add_tool !== undefined && modes.get(step.add_tool) !== "legacy_sessionful")
      return {
        ok: false,
        problem: `script/${i}: add_tool names "${step.add_tool}", which is no server with server_mode legacy_sessionful`,
      };
    if (step.add_window !== undefined && (modes.get(step.add_window) !== "legacy_sessionful" || !windows.has(step.add_window)))
      return {
        ok: false,
        problem: `script/${i}: add_window names "${step.add_window}", which is no server with server_mode legacy_sessionful and window: true`,
      };
  }
  const servers = ((raw.servers as McpServerScene[] | undefined) ?? [{ name: "inventory", bundle_id: "inv" }]).map((s) => ({
    ...s,
    name: s.name ?? "inventory",
  }));
  const names = new Set<string>();
  for (const s of servers) {
    if (names.has(s.name)) return { ok: false, problem: `servers: the name "${s.name}" is used twice` };
    names.add(s.name);
  }
  return {
    ok: true,
    spec: {
      computer_name: (raw.computer_name as string | undefined) ?? DEFAULT_COMPUTER_NAME,
      servers,
      script,
      time_box_ms: (raw.time_box_ms as number | undefined) ?? DEFAULT_TIME_BOX_MS,
      landing_root: raw.landing_root === true,
    },
  };
}

/** The request an emit step sends: the defaults, the step's payload laid over them, `omit` removed. */
export function requestOf(
  spec: WireCaseSpec,
  step: WireStep & { emit: ClientEvent },
  reqId: string,
  fromStep: (name: string, pointer: string) => unknown,
): Record<string, unknown> {
  const defaults: Record<string, unknown> = { agent: AGENT_NAME, req_id: reqId, computer: spec.computer_name };
  if (step.emit === "client:tool_call") Object.assign(defaults, { params: { sku: "DEMO-001" }, timeout: 10 });
  const request: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(step.payload ?? {})) request[key] = resolveRef(value, fromStep);
  for (const key of step.omit ?? []) delete request[key];
  return request;
}

function resolveRef(value: unknown, fromStep: (name: string, pointer: string) => unknown): unknown {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && "$step" in value) {
    const ref = value as { $step: string; pointer?: string };
    return fromStep(ref.$step, ref.pointer ?? "");
  }
  return value;
}

/** A JSON pointer into a value; undefined where it leads nowhere. */
export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  return pointer
    .split("/")
    .slice(1)
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((v, key) => {
      if (Array.isArray(v)) return v[Number(key)];
      if (v !== null && typeof v === "object") return (v as Record<string, unknown>)[key];
      return undefined;
    }, value);
}
