/**
 * One live role: the pure half of a case whose verdict rests on a scene the kit recorded (the
 * transport suite's MCP server, the wire suites' Socket.IO scenes). Each role says, from a case's
 * answer and record alone, what the vector judges, what implementations are compared on, and what
 * the adapter must have been sent; `run` and `audit` both ask the role, so they cannot drift. How a
 * scene is played (servers, scheduling) stays in `run/`.
 */
import type { Answer, CallResult, Transcript } from "../model/implementation.ts";

/** The live roles: the SDK's MCP client (transport), and its Computer, Server and Agent on the wire. */
export type LiveRoleName = "transport" | "computer" | "server" | "agent";

export type Answered = Pick<Answer, "result" | "transcript">;

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
}
