/**
 * The 0.4.0 room model (room-model.md, error-handling.md §事件级错误处理): one Agent and any number of
 * Computers per office, one name per office, join and leave acknowledged with the (ok, message)
 * tuple; a Computer moves by joining another office, an Agent must leave first.
 */
import { serverError } from "./error-payload.ts";
import type { Offices } from "./offices.ts";
import { enterOfficeReq, leaveOfficeReq } from "./requests.ts";
import type { JoinOutcome, LeaveOutcome, RoomModel } from "./room-model.ts";

const refused = (message: string) => ({ ok: false, ack: [false, message] }) as const;

function join(offices: Offices, sid: string, payload: unknown): JoinOutcome {
  const request = enterOfficeReq(payload);
  if (!request.ok) return refused(request.message);
  if (!offices.connected(sid)) return refused("Not connected");
  const { role, name, office_id: officeId } = request.value;
  const current = offices.memberOf(sid);
  if (current?.officeId === officeId) {
    // Joining again as what it already is changes nothing; as someone else it would be a second identity.
    if (current.role === role && current.name === name) return { ok: true, entered: null, left: null };
    return refused(`Already in office ${officeId} as ${current.role} ${current.name}; leave it first`);
  }
  if (current && current.role !== role) return refused(`Role mismatch: this session is in office ${current.officeId} as ${current.role}`);
  // An Agent belongs to one office at a time; only a Computer moves by joining another (room-model.md §验证规则).
  if (current?.role === "agent") return refused(`Agent already in office ${current.officeId}; leave it first`);
  const others = offices.members(officeId).filter((m) => m.sid !== sid);
  // The spec's own refusal text (room-model.md §Agent 加入规则, error-handling.md §server:join_office 响应).
  if (role === "agent" && others.some((m) => m.role === "agent")) return refused("Room already has an agent");
  // Names address members within an office (client:* routing): one name, one member.
  if (others.some((m) => m.name === name)) return refused(`Name ${JSON.stringify(name)} is already taken in office ${officeId}`);
  return { ok: true, entered: offices.seat(sid, request.value), left: current ?? null };
}

/** The office the request names must be the session's own. */
function leave(offices: Offices, sid: string, payload: unknown): LeaveOutcome {
  const request = leaveOfficeReq(payload);
  if (!request.ok) return refused(request.message);
  const officeId = request.value.office_id;
  if (offices.memberOf(sid)?.officeId !== officeId) return refused(`Not in office ${officeId}`);
  return { ok: true, left: offices.unseat(sid) ?? null };
}

export const ROOM_MODEL_0_4: RoomModel = {
  join,
  leave,
  accepted: [true, null],
  // A name held in another office is a refused crossing, not a route (room-model.md §跨房间访问防护).
  heldElsewhere: (computer) => serverError.crossRoom({ computer }),
};
