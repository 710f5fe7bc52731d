/**
 * The Server's protocol errors on the ack channel: the flat ErrorPayload of error-handling.md
 * §错误响应格式 (the Computer's builders are in ../computer/error-payload.ts). The codes are the
 * general table's (400, 403, 404, 408) and the room table's (4101, 4103, 4104, 4106). At 0.4.0
 * server:join_office and server:leave_office answer with the (ok, message) tuple instead
 * (§事件级错误处理); the 0.5.0-dev draft answers them with these too (room-model-draft.ts).
 */
import type { ErrorPayload } from "../computer/error-payload.ts";

export type { ErrorPayload };

export const serverError = {
  /** 400: the request is not the event's request model. */
  badRequest: (message: string): ErrorPayload => ({ code: 400, message }),
  /**
   * 4101 Room Full (0.5.0-dev): the office's seat for that role is another session's. details name
   * the office asked for and the seat, the sender's own role: nothing of the session that holds it.
   */
  seatTaken: (officeId: string, role: string): ErrorPayload => ({
    code: 4101,
    message: role === "agent" ? "Room already has an agent" : "Room already has a computer",
    details: { office_id: officeId, role },
  }),
  /** 4106 Already In Room (0.5.0-dev): an Agent asked for another office while it sits in one; details name its own. */
  alreadyInRoom: (officeId: string): ErrorPayload => ({
    code: 4106,
    message: "Agent already in another room",
    details: { office_id: officeId },
  }),
  /** 403 (0.5.0-dev): a join declaring another role or name than the session already holds in its office. */
  identityMismatch: (held: { office_id: string; role: string; name: string }): ErrorPayload => ({
    code: 403,
    message: "The join declares another role or name than this session holds",
    details: held,
  }),
  /** 4103 Not In Room: the sender has not joined an office (room-model.md §隔离约束表: 未加入房间就发送事件 → 拒绝处理). */
  notInRoom: (): ErrorPayload => ({ code: 4103, message: "Not in room" }),
  /**
   * 403: the sender is in an office but not in the role the event is for (client:* and
   * server:list_room are an Agent's, events.md §事件分类规则). The general table's 403 is
   * "权限违规 … 未授权操作"; 4103/4104 name other situations.
   */
  wrongRole: (event: string, role: string): ErrorPayload => ({
    code: 403,
    message: `${event} is an Agent's event`,
    details: { event, role },
  }),
  /** 4104 Cross Room Access: the target or the office named is not the sender's (room-model.md §跨房间访问防护). */
  crossRoom: (target: Record<string, string>): ErrorPayload => ({ code: 4104, message: "Cross-room access denied", details: target }),
  /**
   * 404: no Computer of that name anywhere (at 0.5.0-dev: in the sender's office), or it went away
   * before answering (general table: "Computer 不存在").
   */
  computerNotFound: (computer: string): ErrorPayload => ({ code: 404, message: "Computer not found", details: { computer } }),
  /** 408: the Computer did not answer within the Server's time (error-handling.md §Server 端超时). */
  timeout: (computer: string, timeoutMs: number): ErrorPayload => ({
    code: 408,
    message: "The Computer did not answer in time",
    details: { computer, timeout_ms: timeoutMs },
  }),
};
