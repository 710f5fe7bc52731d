/**
 * A protocol revision's room model, as the Server applies it: who may join which office and what
 * joining moves, what a leave ends, and how the room events are acknowledged. One module per
 * revision (room-model-0.4.ts, room-model-draft.ts); the namespace applies whichever it is given
 * and does the talking, in the same order for every revision.
 */
import type { ErrorPayload } from "./error-payload.ts";
import type { Member, Offices } from "./offices.ts";

export type JoinOutcome =
  /** entered: null when the session already sat there as that member; left: the member a Computer was in the office it moved out of. */
  | { readonly ok: true; readonly entered: Member | null; readonly left: Member | null }
  /** Refused, nothing changed: the ack's arguments. */
  | { readonly ok: false; readonly ack: readonly unknown[] };

export type LeaveOutcome =
  /** left: the member whose office is told; null when the session sat nowhere. */
  { readonly ok: true; readonly left: Member | null } | { readonly ok: false; readonly ack: readonly unknown[] };

export interface RoomModel {
  /** server:join_office from `sid`: judged whole before anything changes, then applied to `offices`. */
  join(offices: Offices, sid: string, payload: unknown): JoinOutcome;
  /** server:leave_office from `sid`. */
  leave(offices: Offices, sid: string, payload: unknown): LeaveOutcome;
  /** The ack's arguments for an accepted join or leave. */
  readonly accepted: readonly unknown[];
  /** The answer to an Agent whose client:* names a Computer that sits only in another office. */
  heldElsewhere(computer: string): ErrorPayload;
}
