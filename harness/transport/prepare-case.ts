/**
 * A transport vector's input → the case to open on the server and the adapter's call input, with
 * the URL filled in. Pure: the same input, case id and base URL always give the same result, so
 * `audit` can recompute the call a case should have sent. The vector names the scene, never a URL.
 */
import { Ajv } from "ajv";
import { opDefinition } from "../model/operations.ts";
import { INVENTORY_TOOL } from "./inventory-tool.ts";
import {
  CASE_ID_PATTERN,
  type CaseSpec,
  caseUrl,
  legOf,
  NEUTRAL_BODY,
  type PlayedResource,
  type PlayedTool,
  type RpcErrorObject,
  type Scene,
  type SceneAnswer,
  type ServerMode,
  type TransportKind,
} from "./scene.ts";
import type { SkillSourceKind } from "./skill-sources.ts";

export const TRANSPORT_OP = "transport.call_tool";

/** What a vector leaves out. Time boxes sit well below the client libraries' own 30 s limits. */
export const CALL_DEFAULTS = Object.freeze({
  tool: INVENTORY_TOOL,
  arguments: Object.freeze({ sku: "DEMO-001" }),
  server_name: "inventory",
  time_box_ms: 5000,
  connect_time_box_ms: 5000,
  on: Object.freeze(["tools/call"]),
});

/** Time an SDK may take to close after a crashed transport (about 5 s for a2c-smcp over mcp 1.30), plus slack. */
export const CLOSE_ALLOWANCE_MS = 8000;

/** The adapter's input for transport.call_tool (its schema: the op's `input`). */
export interface CallToolInput {
  readonly transport: TransportKind;
  readonly url: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly time_box_ms: number;
  readonly connect_time_box_ms: number;
  readonly server_name: string;
  readonly bundle_id?: string;
}

export interface CaseLocation {
  readonly caseId: string;
  /** The server's `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
}

export type PreparedCase =
  | { readonly ok: true; readonly spec: CaseSpec; readonly call: CallToolInput }
  | { readonly ok: false; readonly problem: string };

interface VectorInput {
  transport: TransportKind;
  server_mode?: ServerMode;
  scene?: {
    answer: SceneAnswer;
    on?: string[];
    times?: number;
    delay_ms?: number;
    status?: number;
    www_authenticate?: string | null;
    headers?: Record<string, string>;
    body?: unknown;
    error?: RpcErrorObject;
  };
  tool?: string;
  arguments?: Record<string, unknown>;
  server_name?: string;
  bundle_id?: string;
  time_box_ms?: number;
  connect_time_box_ms?: number;
  window?: boolean;
  skills?: boolean;
  images?: boolean;
  played_tools?: PlayedTool[];
  paged?: boolean;
  played_resources?: PlayedResource[];
  subscribe?: boolean;
  templates?: boolean;
  skill_sources?: SkillSourceKind[];
}

const LOCATION_KEYS = ["url", "host", "port", "base_url", "server_url", "endpoint"];
const LOOPBACK_BASE = /^http:\/\/127\.0\.0\.1:[0-9]{1,5}$/;

const vectorInputSchema = (opDefinition(TRANSPORT_OP)?.input["definitions"] as Record<string, object> | undefined)?.["vector_input"];
if (!vectorInputSchema) throw new Error(`vectors/_schema/ops/${TRANSPORT_OP}.json lacks input/definitions/vector_input`);
const validateVectorInput = new Ajv({
  allErrors: false,
  strict: true,
  strictTypes: false,
  strictRequired: false,
  allowUnionTypes: true,
}).compile(vectorInputSchema);

/** The scene with its defaults and the WWW-Authenticate shorthand folded into the headers. */
function normalizeScene(scene: NonNullable<VectorInput["scene"]>): Scene {
  const base = { answer: scene.answer, on: scene.on ?? [...CALL_DEFAULTS.on], times: scene.times ?? null, delay_ms: scene.delay_ms ?? 0 };
  if (scene.answer === "rpc_error") return { ...base, error: scene.error! };
  if (scene.answer !== "status") return base;
  const headers = Object.fromEntries(Object.entries(scene.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  if (typeof scene.www_authenticate === "string") headers["www-authenticate"] = scene.www_authenticate;
  return { ...base, status: scene.status!, headers, body: scene.body === undefined ? NEUTRAL_BODY : scene.body };
}

/** Checks the vector's input and where the case lives, then builds the case spec and the call input. */
export function prepareTransportCase(input: unknown, where: CaseLocation): PreparedCase {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, problem: "a transport vector's input must be an object" };
  const named = LOCATION_KEYS.filter((k) => Object.hasOwn(input, k));
  if (named.length > 0)
    return {
      ok: false,
      problem: `a transport vector describes a scene, never where the server is (${named.join(", ")}): the harness fills in its own loopback URL`,
    };
  if (!validateVectorInput(input)) {
    const e = validateVectorInput.errors?.[0];
    return { ok: false, problem: `the transport vector's input${e?.instancePath ?? ""} ${e?.message ?? "is invalid"}` };
  }
  if (!LOOPBACK_BASE.test(where.baseUrl))
    return { ok: false, problem: `the server's base URL ${where.baseUrl} is not http://127.0.0.1:<port>` };
  if (!CASE_ID_PATTERN.test(where.caseId)) return { ok: false, problem: `the case id ${JSON.stringify(where.caseId)} is not URL-safe` };
  const v = input as VectorInput;
  const mode: ServerMode = v.server_mode ?? (v.transport === "streamable_http" ? "dual" : "sse");
  // A JSON body answering the POST is streamable HTTP's reply; SSE replies on its GET stream.
  if (v.scene?.answer === "rpc_error" && legOf(mode) === "sse")
    return { ok: false, problem: "the scene rpc_error answers on streamable HTTP only (the SSE leg replies on its stream)" };
  const spec: CaseSpec = {
    id: where.caseId,
    transport: v.transport,
    mode,
    scene: v.scene ? normalizeScene(v.scene) : null,
    ...(v.window ? { window: true } : {}),
    ...(v.skills ? { skills: true } : {}),
    ...(v.images ? { images: true } : {}),
    ...(v.played_tools?.length ? { played_tools: v.played_tools } : {}),
    ...(v.paged ? { paged: true } : {}),
    ...(v.played_resources?.length ? { played_resources: v.played_resources } : {}),
    ...(v.subscribe ? { subscribe: true } : {}),
    ...(v.templates ? { templates: true } : {}),
    ...(v.skill_sources?.length ? { skill_sources: v.skill_sources } : {}),
  };
  const call: CallToolInput = {
    transport: v.transport,
    url: caseUrl(where.baseUrl, where.caseId, mode),
    tool: v.tool ?? CALL_DEFAULTS.tool,
    arguments: v.arguments ?? { ...CALL_DEFAULTS.arguments },
    time_box_ms: v.time_box_ms ?? CALL_DEFAULTS.time_box_ms,
    connect_time_box_ms: v.connect_time_box_ms ?? CALL_DEFAULTS.connect_time_box_ms,
    server_name: v.server_name ?? CALL_DEFAULTS.server_name,
    ...(v.bundle_id !== undefined ? { bundle_id: v.bundle_id } : {}),
  };
  return { ok: true, spec, call };
}

/** The least case timeout the driver should give this call: both time boxes and the SDK's close. */
export function adapterBudgetMs(call: CallToolInput): number {
  return call.connect_time_box_ms + call.time_box_ms + CLOSE_ALLOWANCE_MS;
}
