/**
 * The four live roles (role.ts), one module each, looked up by a case's op or by the record its
 * transcript holds. Nothing outside the role modules compares a role or a live op by name to judge,
 * compare, rebuild a call or show a record.
 */
import type { Transcript } from "../model/implementation.ts";
import { agentRole } from "./agent-role.ts";
import { computerRole } from "./computer-role.ts";
import type { Answered, LiveRole } from "./role.ts";
import { serverRole } from "./server-role.ts";
import { transportRole } from "./transport-role.ts";

export const LIVE_ROLES: readonly LiveRole[] = [transportRole, computerRole, serverRole, agentRole];

/** The role whose cases run `op`, when it is a live op. */
export function roleOfOp(op: string): LiveRole | undefined {
  return LIVE_ROLES.find((r) => r.op === op);
}

/** The role by its name (the interop phase asks which op an implementation must offer to play it). */
export function roleNamed(name: LiveRole["name"]): LiveRole {
  return LIVE_ROLES.find((r) => r.name === name)!;
}

/** The role whose record a transcript holds. */
export function roleOfRecord(transcript: Transcript): LiveRole | undefined {
  return LIVE_ROLES.find((r) => r.owns(transcript));
}

/** What a case is judged on: for a live case its role's judged value, else the adapter's answer. */
export function judgedValue(answer: Answered): Answered["result"] {
  return roleOfRecord(answer.transcript)?.judged(answer) ?? answer.result;
}

/** A live case's comparable facts (CaseRecord.compared); undefined for any other case. */
export function comparedValue(answer: Answered): unknown {
  return roleOfRecord(answer.transcript)?.compared(answer);
}
