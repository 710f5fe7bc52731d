/**
 * One handler per client:* event (computer.md §3, events.md §事件详细说明). Each gets a request
 * already checked to be an object addressed to this Computer (dispatch.ts) and answers with the
 * event's response model or a flat ErrorPayload; responses whose model has a req_id echo it.
 */
import type { JsonObject } from "../src/index.ts";
import { putBlobAnswer } from "./blob-upload.ts";
import type { Computer, Request } from "./computer.ts";
import { computerConfig } from "./config-view.ts";
import { desktopOf } from "./desktop-view.ts";
import { protocolError } from "./error-payload.ts";
import { resourcesPage } from "./resources-view.ts";
import { isSkillName } from "./skill-name.ts";

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

  // This Computer has no SKILL source (no marketplace, no user skills, no skill:// resources it stages).
  "client:get_skills": (_computer, request) => ({ skills: [], ...reqId(request) }),

  // The lexer first (4016), then the registry, which is empty here: a well-formed name is unknown (4014).
  "client:get_skill": (_computer, request) => {
    const name = request["name"];
    if (!isString(name)) return protocolError.badRequest("name must be a string");
    return isSkillName(name) ? protocolError.skillNotFound(name) : protocolError.skillNameInvalid(name);
  },

  // This Computer mints no blob handles (no SKILL resources, no oversized tool results), so none resolves.
  "client:get_blob": (_computer, request) => {
    if (!isString(request["blob_handle"])) return protocolError.badRequest("blob_handle must be a string");
    return protocolError.blobNotAccessible("invalid_handle");
  },

  // Not one of computer.md §3's eight, but a client:* event a 0.4.0 Computer MUST implement (blob-transfer.md §8).
  "client:put_blob": (_computer, request) => putBlobAnswer(request),
};
