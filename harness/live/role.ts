/**
 * One live role: the pure half of a case whose verdict rests on a scene the kit recorded (the
 * transport suite's MCP server, the wire suites' Socket.IO scenes). Each role says, from a case's
 * answer and record alone, what the vector judges, what implementations are compared on, what the
 * adapter must have been sent, and what a person is shown of the record; `run`, `audit` and the
 * views all ask the role, so they cannot drift, and none of them names a role. How a scene is played
 * (servers, scheduling) stays in `run/` (run/live-players.ts, keyed by the role's name).
 */
import type { Difference } from "../model/difference.ts";
import type { Answer, CallResult, Transcript } from "../model/implementation.ts";
import type { CaseEvidence } from "../transport/index.ts";
import type { WirePacket } from "../wire/index.ts";

/** The live roles: the SDK's MCP client (transport), and its Computer, Server and Agent on the wire. */
export type LiveRoleName = "transport" | "computer" | "server" | "agent";

export type Answered = Pick<Answer, "result" | "transcript">;

/**
 * What stands behind a failing live case's first difference, for a view to show
 * (diff/evidence-behind.ts renders each shape; it never asks which role gave it).
 */
export type Behind =
  /** Packets shown whole around the focus, opened at `secret` too when one leaked; `otherwise` when there are none. */
  | { readonly show: "packets"; readonly packets: readonly WirePacket[]; readonly secret?: string; readonly otherwise: string }
  /** Lines as the role wrote them, each naming a packet of `packets` by `[conn ]#seq +`, which is opened whole. */
  | { readonly show: "lines"; readonly lines: readonly string[]; readonly packets: readonly WirePacket[] }
  /** A value the SDK's own API answered, shown whole around the focus under `head`. */
  | { readonly show: "value"; readonly head: string; readonly value: unknown }
  /** The MCP exchanges the difference's pointer names (diff/exchange-behind.ts picks them). */
  | { readonly show: "exchanges"; readonly evidence: CaseEvidence }
  | { readonly show: "nothing" };

/** A live case's whole record as a person reads it: a heading and one line per packet or request. */
export interface ExchangeView {
  readonly heading: string;
  readonly lines: readonly string[];
}

export interface LiveRole {
  readonly name: LiveRoleName;
  /** The operation whose cases play this role. */
  readonly op: string;
  /** Whether a transcript holds this role's record (the scene's evidence). */
  owns(transcript: Transcript): boolean;
  /** The value the vector judges: the adapter's answer beside the facts of the record, or the timeout it really was. */
  judged(answer: Answered): CallResult;
  /** What implementations are compared on (CaseRecord.compared); undefined when the role compares none. */
  compared(answer: Answered): unknown;
  /** The adapter input the harness must have sent, rebuilt from the vector's input and the case's record (`audit`). */
  sentInput(vectorInput: unknown, transcript: Transcript): unknown;
  /** What of the record stands behind `diff`, the case's first difference. */
  behind(answer: Answered, diff: Difference | undefined): Behind;
  /** The whole record, one line per packet or request (each at most `preview` characters). */
  exchange(transcript: Transcript, preview: number): ExchangeView | undefined;
}

/** The call `audit` could not rebuild: the vector's input no longer prepares a scene. */
export const unpreparable = (problem: string) => ({ unpreparable: problem });
