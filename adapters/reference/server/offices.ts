/**
 * The room model's state (room-model.md §成员状态): every connected session, and for those in an
 * office their role, name and office. Bookkeeping only, no rules and no sockets: a revision's room
 * model (room-model.ts) decides who may sit where, the namespace does the talking.
 */

export type Role = "agent" | "computer";

/** A session in an office: what SessionInfo reports (data-structures.md §SessionInfo). */
export interface Member {
  readonly sid: string;
  readonly role: Role;
  readonly name: string;
  readonly officeId: string;
  readonly a2cVersion: string;
}

export interface EnterOffice {
  readonly role: Role;
  readonly name: string;
  readonly office_id: string;
}

interface Session {
  readonly a2cVersion: string;
  member: Member | undefined;
}

export class Offices {
  private readonly sessions = new Map<string, Session>();

  /** A session admitted by the handshake; a2c_version as its URL query gave it (events.md §Server 校验行为 4). */
  connect(sid: string, a2cVersion: string): void {
    this.sessions.set(sid, { a2cVersion, member: undefined });
  }

  connected(sid: string): boolean {
    return this.sessions.has(sid);
  }

  memberOf(sid: string): Member | undefined {
    return this.sessions.get(sid)?.member;
  }

  /** Every member of the office, in the order their sessions connected. */
  members(officeId: string): Member[] {
    return [...this.sessions.values()].flatMap((s) => (s.member?.officeId === officeId ? [s.member] : []));
  }

  /** The Computer named `name` in the office: the target of a client:* event (architecture.md §Name 映射系统). */
  computer(officeId: string, name: string): Member | undefined {
    return this.members(officeId).find((m) => m.role === "computer" && m.name === name);
  }

  /** Whether a Computer of that name is in some other office: a target across offices (room-model.md §跨房间访问防护). */
  computerElsewhere(officeId: string, name: string): boolean {
    return [...this.sessions.values()].some(
      (s) => s.member?.role === "computer" && s.member.name === name && s.member.officeId !== officeId,
    );
  }

  /** Seats a connected session in an office as what the request declares; any seat it held before is given up. */
  seat(sid: string, request: EnterOffice): Member {
    const session = this.sessions.get(sid);
    if (!session) throw new Error(`session ${sid} is not connected`);
    session.member = { sid, role: request.role, name: request.name, officeId: request.office_id, a2cVersion: session.a2cVersion };
    return session.member;
  }

  /** The session's membership ends; the member it was, if any. */
  unseat(sid: string): Member | undefined {
    const session = this.sessions.get(sid);
    const member = session?.member;
    if (session) session.member = undefined;
    return member;
  }

  /** The session is gone; its membership, if any, ends with it (room-model.md §自动离开场景 1). */
  disconnect(sid: string): Member | undefined {
    const member = this.sessions.get(sid)?.member;
    this.sessions.delete(sid);
    return member;
  }
}
