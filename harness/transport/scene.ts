/**
 * The scene vocabulary, normalized: what a case's server does and how the adapter reaches it. The
 * vector-side form (with defaults and the `www_authenticate` shorthand) is the JSON Schema at
 * `input/definitions/vector_input` of vectors/_schema/ops/transport.call_tool.json;
 * prepare-case.ts turns it into a CaseSpec.
 */
import type { SkillSourceKind } from "./skill-sources.ts";

/** A tool a vector writes the result of: every call gets exactly that CallToolResult (played-tools.ts). */
export interface PlayedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** MCP tool annotations (readOnlyHint, …) and the definition's own _meta, as tools/list gives them. */
  readonly annotations?: Readonly<Record<string, unknown>>;
  readonly _meta?: Readonly<Record<string, unknown>>;
  /** The CallToolResult every call gets, as given. */
  readonly result: Readonly<Record<string, unknown>>;
}

/** A resource a vector writes: listed with its URI (mimeType, _meta) and read as its text (played-resources.ts). */
export interface PlayedResource {
  readonly uri: string;
  /** The resource's name in resources/list (default: its URI). */
  readonly name?: string;
  readonly mimeType?: string;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly text: string;
}

/** How the SDK's client reaches the server (the fixture's names). */
export const TRANSPORT_KINDS = ["streamable_http", "sse", "sse_handwritten"] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

/**
 * What serves the case. Streamable HTTP: `dual` (2026-07-28 and 2025-11-25 side by side),
 * `modern_only` (legacy rejected), `legacy_only`, `legacy_sessionful` (2025 with mcp-session-id).
 * `sse`: the 1.x SSE transport (GET stream + POSTed messages).
 */
export const SERVER_MODES = ["dual", "modern_only", "legacy_only", "legacy_sessionful", "sse"] as const;
export type ServerMode = (typeof SERVER_MODES)[number];

/**
 * `sdk`: the real server answers; `status`: a scripted HTTP answer; `no_answer`: never a byte back;
 * `reset`: the socket is destroyed; `rpc_error`: a JSON-RPC error response to each request (HTTP 200,
 * streamable HTTP only): an MCP server whose own failure text the vector writes.
 */
export const SCENE_ANSWERS = ["sdk", "status", "no_answer", "reset", "rpc_error"] as const;
export type SceneAnswer = (typeof SCENE_ANSWERS)[number];

/** One scripted behaviour, applied to the requests carrying one of the `on` JSON-RPC methods. */
export interface Scene {
  readonly answer: SceneAnswer;
  /** JSON-RPC methods the scene applies to (a request matches when any message in its body has one). */
  readonly on: readonly string[];
  /** Only the first `times` matching requests; later ones reach the SDK. null: every one. */
  readonly times: number | null;
  /** Wait before answering (whatever answers). */
  readonly delay_ms: number;
  /** For `status`: the HTTP status, response headers (lower-case names) and body. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** For `rpc_error`: the JSON-RPC error object each request is answered with (its id echoed). */
  readonly error?: RpcErrorObject;
}

/** A JSON-RPC 2.0 error object, as the scene writes it. */
export interface RpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** What the harness opens on its server for one case. */
export interface CaseSpec {
  /** URL-safe, unique on the server: the path prefix is `/c/<id>/`. */
  readonly id: string;
  readonly transport: TransportKind;
  readonly mode: ServerMode;
  /** null: the SDK answers everything. */
  readonly scene: Scene | null;
  /** The server also serves resources (a window:// and a kit:// one); streamable HTTP only. */
  readonly window?: boolean;
  /** The server also serves the kit's SKILL (kit-skill.ts) as skill:// resources; streamable HTTP only. */
  readonly skills?: boolean;
  /** The server also serves the tool get_label, whose result carries a small or a large image item; streamable HTTP only. */
  readonly images?: boolean;
  /** Tools the server also serves, each answering every call with the result given (played-tools.ts); streamable HTTP only. */
  readonly played_tools?: readonly PlayedTool[];
  /** tools/list and resources/list are answered one item per page, nextCursor naming the next (paged-lists.ts); streamable HTTP only. */
  readonly paged?: boolean;
  /** Resources the server also serves, each read as the text given (played-resources.ts); streamable HTTP only. */
  readonly played_resources?: readonly PlayedResource[];
  /** The server declares resources.subscribe and accepts (un)subscribe requests; streamable HTTP only. */
  readonly subscribe?: boolean;
  /** The server also offers a resource template (resources/templates/list); streamable HTTP only. */
  readonly templates?: boolean;
  /** SKILLs the server also serves in the mounted / archive staging modes (skill-sources.ts); streamable HTTP only. */
  readonly skill_sources?: readonly SkillSourceKind[];
}

/** URL-safe, and not a dot segment (`.`, `..`) that a client would resolve away. */
export const CASE_ID_PATTERN = /^(?!\.+$)[A-Za-z0-9_.-]{1,80}$/;

/** The body of a scripted status when the vector gives none: neutral, so no client classifier can key off words the kit invented. */
export const NEUTRAL_BODY = Object.freeze({ scene: "scripted-status" });

/** The server leg a mode runs on: streamable HTTP or the 1.x SSE transport. */
export function legOf(mode: ServerMode): "streamable_http" | "sse" {
  return mode === "sse" ? "sse" : "streamable_http";
}

/** The URL a case is reached at: `/mcp` for streamable HTTP, `/sse` (the GET stream) for SSE. */
export function caseUrl(baseUrl: string, caseId: string, mode: ServerMode): string {
  return `${baseUrl}/c/${caseId}/${legOf(mode) === "sse" ? "sse" : "mcp"}`;
}
