/**
 * The 0.5.0-dev draft's room model (room-model.md §房间成员, §加入房间, §离开房间; events.md
 * §server:join_office, §server:leave_office; the single-Computer-room migration): one seat per role
 * in each office, at most one Agent and one Computer. Join and leave are acknowledged with nothing
 * on success and a flat ErrorPayload on refusal. Every check runs before anything moves, so a
 * refused Computer still sits where it sat and no office hears of it. One synchronous call judges
 * and takes a seat, so two sessions racing for an empty seat cannot both get it.
 */
import { serverError } from "./error-payload.ts";
import type { Offices } from "./offices.ts";
import { enterOfficeReq, leaveOfficeReq } from "./requests.ts";
import type { JoinOutcome, LeaveOutcome, RoomModel } from "./room-model.ts";

const refused = (payload: unknown) => ({ ok: false, ack: [payload] }) as const;

function join(offices: Offices, sid: string, payload: unknown): JoinOutcome {
  const request = enterOfficeReq(payload);
  if (!request.ok) return refused(serverError.badRequest(request.message));
  const { role, name, office_id: officeId } = request.value;
  const current = offices.memberOf(sid);
  // A session keeps the role and name it joined with: declaring others is refused with 403, not taken as a second identity.
  if (current && (current.role !== role || current.name !== name))
    return refused(serverError.identityMismatch({ office_id: current.officeId, role: current.role, name: current.name }));
  // An Agent changes offices in two explicit steps: it is refused here until it has left (4106, never a silent move).
  if (role === "agent" && current && current.officeId !== officeId) return refused(serverError.alreadyInRoom(current.officeId));
  // The seat goes by role alone, whatever the name; the session's own seat is no conflict, so a rejoin is idempotent.
  if (offices.members(officeId).some((m) => m.role === role && m.sid !== sid)) return refused(serverError.seatTaken(officeId, role));
  // Already there: an empty ack, and no second notify:enter_office.
  if (current?.officeId === officeId) return { ok: true, entered: null, left: null };
  // Only now, every check passed, may a Computer leave the office it sat in (the namespace tells that office first).
  return { ok: true, entered: offices.seat(sid, request.value), left: current ?? null };
}

/**
 * The session's own office is the one left, whatever office_id the request names: the field is
 * kept for diagnosis only and a mismatch is no reason to refuse. A session in no office has left
 * already, and gets the same empty ack.
 */
function leave(offices: Offices, sid: string, payload: unknown): LeaveOutcome {
  const request = leaveOfficeReq(payload);
  if (!request.ok) return refused(serverError.badRequest(request.message));
  return { ok: true, left: offices.unseat(sid) ?? null };
}

export const DRAFT_ROOM_MODEL: RoomModel = {
  join,
  leave,
  accepted: [],
  // Names resolve within the sender's office only; a name held elsewhere gets the same 404 as one held nowhere, so no office's members leak.
  heldElsewhere: (computer) => serverError.computerNotFound(computer),
};
