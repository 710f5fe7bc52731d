/**
 * One handler per client:* event (computer.md §3, events.md §事件详细说明). Each gets a request
 * already checked to be an object addressed to this Computer (dispatch.ts) and answers with the
 * event's response model or a flat ErrorPayload; responses whose model has a req_id echo it.
 */
import type { JsonObject } from "../src/index.ts";
import type { Computer, Request } from "./computer.ts";
import { computerConfig } from "./config-view.ts";
import { desktopOf } from "./desktop-view.ts";
import { protocolError } from "./error-payload.ts";
import { resourcesPage } from "./resources-view.ts";
import { isSkillName } from "./skill-name.ts";
import { CHUNK_MAX, INLINE_BUDGET, isTextMime, sha256Hex } from "./skill-store.ts";

export type Handler = (computer: Computer, request: Request) => unknown;

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const reqId = (request: Request) => (typeof request["req_id"] === "string" ? { req_id: request["req_id"] } : {});
/** An optional field that is given (not absent, not null) but not of its type. */
const wrongType = (request: Request, key: string, ok: (v: unknown) => boolean) =>
  request[key] !== undefined && request[key] !== null && !ok(request[key]);
const isString = (v: unknown): v is string => typeof v === "string";

export const CLIENT_HANDLERS: Readonly<Record<string, Handler>> = {
  "client:tool_call": (computer, request) => {
    const { tool_name: name, params = {}, timeout } = request;
    if (!isString(name)) return protocolError.badRequest("tool_name must be a string");
    if (!isObject(params)) return protocolError.badRequest("params must be an object");
    // Not in the mapping (unknown, forbidden, or of a disabled server): 4001, and nothing runs.
    const route = computer.catalog.routes.get(name);
    if (!route) return protocolError.toolNotFound(name);
    const seconds = typeof timeout === "number" && Number.isFinite(timeout) && timeout > 0 ? timeout : undefined;
    return computer.calls.call(route, params, seconds, isString(request["req_id"]) ? request["req_id"] : "");
  },

  "client:get_tools": (computer, request) => ({ tools: computer.catalog.tools, ...reqId(request) }),

  "client:get_config": (computer) => computerConfig(computer.configured),

  "client:get_desktop": async (computer, request) => {
    if (wrongType(request, "desktop_size", Number.isInteger)) return protocolError.badRequest("desktop_size must be an integer");
    if (wrongType(request, "window", isString)) return protocolError.badRequest("window must be a string");
    const size = (request["desktop_size"] as number | undefined) ?? null;
    const window = (request["window"] as string | undefined) ?? undefined;
    return { desktops: await desktopOf([...computer.mounted.values()], computer.calls.history, { size, window }), ...reqId(request) };
  },

  "client:get_resources": async (computer, request) => {
    const { mcp_server: bundleId, cursor } = request;
    if (!isString(bundleId)) return protocolError.badRequest("mcp_server must be a string");
    if (wrongType(request, "cursor", isString)) return protocolError.badRequest("cursor must be a string or null");
    const page = await resourcesPage(computer.mounted.get(bundleId), bundleId, (cursor as string | null | undefined) ?? undefined);
    return "code" in page ? page : { ...page, ...reqId(request) };
  },

  // The SKILLs its MCP servers serve (skill:// resources; no marketplace, no user skills), in discovery order.
  "client:get_skills": async (computer, request) => ({ skills: await computer.skills.list(), ...reqId(request) }),

  "client:get_skill": getSkill,
  "client:get_blob": getBlob,

  // Not one of computer.md §3's eight, but a client:* event a 0.4.0 Computer MUST implement (blob-transfer.md §8).
  "client:put_blob": (computer, request) => computer.uploads.answer(request),
};

/** The lexer first (4016), then the registry (4014), then the package sandbox (4017); inline or by handle. */
async function getSkill(computer: Computer, request: Request): Promise<unknown> {
  const name = request["name"];
  if (!isString(name)) return protocolError.badRequest("name must be a string");
  if (wrongType(request, "rel_path", isString)) return protocolError.badRequest("rel_path must be a string");
  if (!isSkillName(name)) return protocolError.skillNameInvalid(name);
  const relPath = (request["rel_path"] as string | undefined) ?? "SKILL.md";
  const file = await computer.skills.resolve(name, relPath);
  if (!file.ok)
    return file.reason === "unknown_skill"
      ? protocolError.skillNotFound(name)
      : protocolError.skillResource(file.reason, relPath, file.reason === "too_large" ? file.totalSize : undefined);
  const inline = isTextMime(file.mimeType) && file.bytes.length <= INLINE_BUDGET;
  return {
    name,
    rel_path: relPath,
    mime_type: file.mimeType,
    total_size: file.bytes.length,
    sha256: sha256Hex(file.bytes),
    ...(inline ? { body: file.bytes.toString("utf8") } : { blob_handle: computer.skills.mint(name, relPath) }),
    ...reqId(request),
  };
}

/** A handle this Computer minted, resolved again through the same sandbox on every call (4018 otherwise). */
async function getBlob(computer: Computer, request: Request): Promise<unknown> {
  const handle = request["blob_handle"];
  if (!isString(handle)) return protocolError.badRequest("blob_handle must be a string");
  if (wrongType(request, "chunk_offset", Number.isInteger)) return protocolError.badRequest("chunk_offset must be an integer");
  if (wrongType(request, "max_chunk_bytes", Number.isInteger)) return protocolError.badRequest("max_chunk_bytes must be an integer");
  const source = await blobSource(computer, handle);
  if ("code" in source) return source;
  const file = source;
  const offset = (request["chunk_offset"] as number | undefined) ?? 0;
  if (offset < 0 || offset > file.bytes.length) return protocolError.blobNotAccessible("range");
  const asked = (request["max_chunk_bytes"] as number | undefined) ?? CHUNK_MAX;
  const chunk = file.bytes.subarray(offset, offset + Math.min(Math.max(asked, 1), CHUNK_MAX));
  return {
    blob_handle: handle,
    mime_type: file.mimeType,
    total_size: file.bytes.length,
    sha256: sha256Hex(file.bytes),
    chunk_offset: offset,
    eof: offset + chunk.length === file.bytes.length,
    blob: chunk.toString("base64"),
    ...reqId(request),
  };
}

/** What a handle names: a tool result's stored bytes, or a SKILL file resolved again through the sandbox. */
async function blobSource(
  computer: Computer,
  handle: string,
): Promise<{ mimeType: string; bytes: Buffer } | ReturnType<typeof protocolError.blobNotAccessible>> {
  const stored = computer.calls.blobs.opened(handle);
  if (stored) return stored;
  const named = computer.skills.opened(handle);
  if (!named) return protocolError.blobNotAccessible("invalid_handle");
  const file = await computer.skills.resolve(named.name, named.relPath);
  if (!file.ok) return protocolError.blobNotAccessible(file.reason === "forbidden" || file.reason === "traversal" ? "forbidden" : "gone");
  return file;
}
