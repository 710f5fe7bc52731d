/**
 * The request models the Server reads (data-structures.md §房间管理结构, §AgentCallData), checked
 * before anything acts on them (security.md §输入验证). Each check gives the request, or a message
 * saying what is wrong with it.
 */
import type { EnterOffice, Role } from "./offices.ts";

type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const ROLES: readonly Role[] = ["computer", "agent"];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** Names and ids address members and offices: an empty one addresses nothing. */
const isText = (v: unknown): v is string => typeof v === "string" && v !== "";
const refused = (message: string): Checked<never> => ({ ok: false, message });

/** EnterOfficeReq: role, name, office_id. */
export function enterOfficeReq(payload: unknown): Checked<EnterOffice> {
  if (!isObject(payload)) return refused("EnterOfficeReq must be an object");
  const { role, name, office_id } = payload;
  if (!ROLES.includes(role as Role)) return refused('role must be "computer" or "agent"');
  if (!isText(name)) return refused("name must be a non-empty string");
  if (!isText(office_id)) return refused("office_id must be a non-empty string");
  return { ok: true, value: { role: role as Role, name, office_id } };
}

/** LeaveOfficeReq: office_id. */
export function leaveOfficeReq(payload: unknown): Checked<{ office_id: string }> {
  if (!isObject(payload) || !isText(payload["office_id"])) return refused("LeaveOfficeReq needs office_id, a non-empty string");
  return { ok: true, value: { office_id: payload["office_id"] } };
}

/** ListRoomReq: req_id and office_id (agent, the sender's name, is not needed: the Server knows the sender). */
export function listRoomReq(payload: unknown): Checked<{ req_id: string; office_id: string }> {
  if (!isObject(payload)) return refused("ListRoomReq must be an object");
  const { req_id, office_id } = payload;
  if (typeof req_id !== "string") return refused("req_id must be a string");
  if (!isText(office_id)) return refused("office_id must be a non-empty string");
  return { ok: true, value: { req_id, office_id } };
}

/** A client:* request: the Server reads only `computer`, the target's name; the rest goes through unread. */
export function clientTarget(payload: unknown): Checked<string> {
  if (!isObject(payload) || typeof payload["computer"] !== "string") return refused("the request must be an object naming its computer");
  return { ok: true, value: payload["computer"] };
}

/** AgentCallData's req_id, for server:tool_call_cancel; undefined when there is none to cancel. */
export function cancelledReqId(payload: unknown): string | undefined {
  return isObject(payload) && typeof payload["req_id"] === "string" ? payload["req_id"] : undefined;
}
