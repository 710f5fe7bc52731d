/**
 * The Servers the reference runs, one per protocol revision it can be judged at: the a2c_version
 * its gate admits and reports, and the room model it applies. `wire.server` runs 0.4.0 unless a
 * reading asks for another (adapters/reference/hello.ts).
 */
import type { RoomModel } from "./room-model.ts";
import { ROOM_MODEL_0_4 } from "./room-model-0.4.ts";
import { DRAFT_ROOM_MODEL } from "./room-model-draft.ts";

export interface ServerRevision {
  /** The a2c_version the HTTP gate checks clients against (versioning.md §兼容性判定规则), and the start answer reports. */
  readonly a2cVersion: string;
  readonly rooms: RoomModel;
}

export const SERVER_REVISIONS = {
  "0.4.0": { a2cVersion: "0.4.0", rooms: ROOM_MODEL_0_4 },
  // The draft's room model behind the 0.4.0 gate: the kit's clients connect at a2c_version 0.4.x
  // when judging the draft too (and its handshake vectors expect 0.4.7 admitted), so a 0.5 gate
  // would refuse every scene with 4008 before any room rule is reached.
  "0.5.0-dev": { a2cVersion: "0.4.0", rooms: DRAFT_ROOM_MODEL },
} as const satisfies Readonly<Record<string, ServerRevision>>;

export type ServerProtocol = keyof typeof SERVER_REVISIONS;
