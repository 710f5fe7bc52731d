/**
 * The /smcp namespace (events.md): the connection, the room events, the update and cancel
 * broadcasts, client:* routing, and a disconnect as a leave. Who may join and leave, and the acks'
 * shape, are the revision's room model's (room-model.ts); this file asks, and does the talking.
 */
import type { Namespace, Socket } from "socket.io";
import { serverError } from "./error-payload.ts";
import type { Member, Offices } from "./offices.ts";
import { cancelledReqId, listRoomReq } from "./requests.ts";
import type { RoomModel } from "./room-model.ts";
import { CLIENT_PREFIX, route } from "./routing.ts";

export const SMCP_NAMESPACE = "/smcp";

const ENTER_NOTICE = "notify:enter_office";
const LEAVE_NOTICE = "notify:leave_office";

/** server:update_* from a Computer → notify:update_* to its office (events.md §配置与状态更新事件). */
const UPDATES: Readonly<Record<string, string>> = {
  "server:update_config": "notify:update_config",
  "server:update_tool_list": "notify:update_tool_list",
  "server:update_desktop": "notify:update_desktop",
  "server:update_skills": "notify:update_skills",
};

type Ack = (...args: unknown[]) => void;

export interface SmcpOptions {
  /** True once the Server is closing: every member is being disconnected, so no one is left to tell. */
  readonly closing: () => boolean;
}

export function serveSmcp(nsp: Namespace, offices: Offices, rooms: RoomModel, options: SmcpOptions): void {
  // Business authentication is the deployer's (data-structures.md §ConnectAuth): this Server admits every connection.
  nsp.use((_socket, next) => next());
  nsp.on("connection", (socket) => serveSession(nsp, offices, rooms, options, socket));
}

function serveSession(nsp: Namespace, offices: Offices, rooms: RoomModel, options: SmcpOptions, socket: Socket): void {
  offices.connect(socket.id, handshakeVersion(socket));

  /**
   * To the rest of the member's office. The sender is skipped: events.md says so for the cancel
   * ("skip_sid 发起者") and is silent for the others; the sender knows what it did, and a joiner has its ack.
   */
  const notify = (member: Member, event: string, data: Record<string, unknown>) => {
    for (const other of offices.members(member.officeId)) if (other.sid !== socket.id) nsp.sockets.get(other.sid)?.emit(event, data);
  };
  const on = (event: string, handler: (payload: unknown, ack: Ack) => void) =>
    socket.on(event, (...args: unknown[]) => handler(...split(args)));

  // A refusal changes nothing and tells no one; an accepted join is answered, then its office hears (room-model.md §加入流程).
  on("server:join_office", (payload, ack) => {
    const outcome = rooms.join(offices, socket.id, payload);
    if (!outcome.ok) {
      ack(...outcome.ack);
      return;
    }
    // A Computer moving offices leaves the old one first (room-model.md §Computer 加入规则).
    if (outcome.left) notify(outcome.left, LEAVE_NOTICE, notice(outcome.left));
    ack(...rooms.accepted);
    if (outcome.entered) notify(outcome.entered, ENTER_NOTICE, notice(outcome.entered));
  });

  // The office hears before the member is gone, then the leaver gets its answer (room-model.md §离开流程).
  on("server:leave_office", (payload, ack) => {
    const outcome = rooms.leave(offices, socket.id, payload);
    if (!outcome.ok) {
      ack(...outcome.ack);
      return;
    }
    if (outcome.left) notify(outcome.left, LEAVE_NOTICE, notice(outcome.left));
    ack(...rooms.accepted);
  });

  // An Agent lists its own office (room-model.md §房间查询); anything else is refused with a flat ErrorPayload.
  on("server:list_room", (payload, ack) => {
    const member = offices.memberOf(socket.id);
    const request = listRoomReq(payload);
    if (!member) ack(serverError.notInRoom());
    else if (member.role !== "agent") ack(serverError.wrongRole("server:list_room", member.role));
    else if (!request.ok) ack(serverError.badRequest(request.message));
    else if (request.value.office_id !== member.officeId) ack(serverError.crossRoom({ office_id: request.value.office_id }));
    else ack({ sessions: offices.members(member.officeId).map(sessionInfo), req_id: request.value.req_id });
  });

  // Never acknowledged (events.md §server:tool_call_cancel: fire-and-forget, "语义与 server:update_* 一致").
  // The notices name the sender the Server knows, so no member can speak for another.
  for (const [event, notification] of Object.entries(UPDATES))
    on(event, () => {
      const member = offices.memberOf(socket.id);
      if (member?.role === "computer") notify(member, notification, { computer: member.name });
    });
  on("server:tool_call_cancel", (payload) => {
    const member = offices.memberOf(socket.id);
    const reqId = cancelledReqId(payload);
    if (member?.role === "agent" && reqId !== undefined) notify(member, "notify:tool_call_cancel", { agent: member.name, req_id: reqId });
  });

  // onAny listeners run as the packet arrives, while socket.io hands events to on() listeners a tick
  // later: without the same tick here, a client:* sent right behind an unacknowledged join (over
  // WebSocket both arrive in one read) would be routed before the join is handled.
  socket.onAny((event: string, ...args: unknown[]) => {
    if (!event.startsWith(CLIENT_PREFIX)) return;
    const [payload, ack] = split(args);
    process.nextTick(() => void route(nsp, offices, rooms, socket.id, event, payload).then((answer) => ack(...answer)));
  });

  // A disconnect is a leave (room-model.md §自动离开场景 1), heard by the office unless the whole Server is closing.
  socket.on("disconnect", () => {
    const left = offices.disconnect(socket.id);
    if (left && !options.closing()) notify(left, LEAVE_NOTICE, notice(left));
  });
}

/** An event's request and its ack callback; a request may be left out, an ack too (then answers go nowhere). */
function split(args: unknown[]): [payload: unknown, ack: Ack] {
  const last = args.at(-1);
  const ack = typeof last === "function" ? (last as Ack) : () => {};
  return [typeof args[0] === "function" ? undefined : args[0], ack];
}

/** The version the gate admitted, as the URL query gave it (events.md §Server 校验行为 4). */
function handshakeVersion(socket: Socket): string {
  const value = socket.handshake.query["a2c_version"];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** EnterOfficeNotification / LeaveOfficeNotification: the office and the member's name under its role. */
function notice(member: Member): Record<string, string> {
  return { office_id: member.officeId, [member.role]: member.name };
}

/** SessionInfo, with the a2c_version its handshake declared (events.md §server:list_room). */
function sessionInfo(member: Member): Record<string, string> {
  return { sid: member.sid, name: member.name, role: member.role, office_id: member.officeId, a2c_version: member.a2cVersion };
}
