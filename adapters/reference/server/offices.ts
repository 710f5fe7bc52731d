/**
 * The room model's state and rules (room-model.md): every connected session, and for those in an
 * office their role, name and office. Bookkeeping only, no sockets: the namespace asks, then talks.
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

export type JoinOutcome =
  /** entered: null when the session was already in that office as that member; left: the office a Computer moved out of. */
  { readonly ok: true; readonly entered: Member | null; readonly left: Member | null } | { readonly ok: false; readonly message: string };

export type LeaveOutcome = { readonly ok: true; readonly left: Member } | { readonly ok: false; readonly message: string };

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

  /** server:join_office: judged first, applied only when accepted (so a refused Computer stays where it was). */
  join(sid: string, request: EnterOffice): JoinOutcome {
    const session = this.sessions.get(sid);
    if (!session) return { ok: false, message: "Not connected" };
    const { role, name, office_id: officeId } = request;
    const current = session.member;
    if (current?.officeId === officeId) {
      // Joining again as what it already is changes nothing; as someone else it would be a second identity.
      if (current.role === role && current.name === name) return { ok: true, entered: null, left: null };
      return { ok: false, message: `Already in office ${officeId} as ${current.role} ${current.name}; leave it first` };
    }
    if (current && current.role !== role)
      return { ok: false, message: `Role mismatch: this session is in office ${current.officeId} as ${current.role}` };
    // An Agent belongs to one office at a time; only a Computer moves by joining another (room-model.md §验证规则).
    if (current?.role === "agent") return { ok: false, message: `Agent already in office ${current.officeId}; leave it first` };
    const others = this.members(officeId).filter((m) => m.sid !== sid);
    // The spec's own refusal text (room-model.md §Agent 加入规则, error-handling.md §server:join_office 响应).
    if (role === "agent" && others.some((m) => m.role === "agent")) return { ok: false, message: "Room already has an agent" };
    // Names address members within an office (client:* routing): one name, one member.
    if (others.some((m) => m.name === name))
      return { ok: false, message: `Name ${JSON.stringify(name)} is already taken in office ${officeId}` };
    session.member = { sid, role, name, officeId, a2cVersion: session.a2cVersion };
    return { ok: true, entered: session.member, left: current ?? null };
  }

  /** server:leave_office for the office the session is in. */
  leave(sid: string, officeId: string): LeaveOutcome {
    const session = this.sessions.get(sid);
    const member = session?.member;
    if (!session || member?.officeId !== officeId) return { ok: false, message: `Not in office ${officeId}` };
    session.member = undefined;
    return { ok: true, left: member };
  }

  /** The session is gone; its membership, if any, ends with it (room-model.md §自动离开场景 1). */
  disconnect(sid: string): Member | undefined {
    const member = this.sessions.get(sid)?.member;
    this.sessions.delete(sid);
    return member;
  }
}
