/**
 * A case's live record, typed by what it says it is. The record crossed a file (report.json) before
 * most readers see it, so its type is earned by a check, not asserted: a scene's record names its
 * kind (a Computer scene's record written before kinds existed has none), a transport case's record
 * is the one under `transcript.transport`. Each role reads its record through here, nothing casts.
 */
import type { Transcript } from "../model/implementation.ts";
import type { CaseEvidence } from "../transport/index.ts";
import type { AgentSceneEvidence, ComputerSceneEvidence, InteropEvidence, ServerSceneEvidence } from "../wire/index.ts";

const kindOf = (record: object): unknown => ("kind" in record ? record.kind : undefined);

function isComputerScene(record: object): record is ComputerSceneEvidence {
  const kind = kindOf(record);
  return (kind === undefined || kind === "computer") && "packets" in record && "steps" in record;
}

function isServerScene(record: object): record is ServerSceneEvidence {
  return kindOf(record) === "server";
}

function isAgentScene(record: object): record is AgentSceneEvidence {
  return kindOf(record) === "agent";
}

function isTransportRecord(record: object): record is CaseEvidence {
  return "exchanges" in record;
}

/** The MCP server's record of a transport case. */
export function transportRecord(t: Transcript): CaseEvidence | undefined {
  const record = t.transport?.evidence;
  return record && isTransportRecord(record) ? record : undefined;
}

/** The kit Server's record of a scene with an SDK's Computer. */
export function computerRecord(t: Transcript): ComputerSceneEvidence | undefined {
  const record = t.wire?.evidence;
  return record && isComputerScene(record) ? record : undefined;
}

/** The kit clients' record of a scene with an SDK's Server. */
export function serverRecord(t: Transcript): ServerSceneEvidence | undefined {
  const record = t.wire?.evidence;
  return record && isServerScene(record) ? record : undefined;
}

/** The kit Server's record of a scene with an SDK's Agent. */
export function agentRecord(t: Transcript): AgentSceneEvidence | undefined {
  const record = t.wire?.evidence;
  return record && isAgentScene(record) ? record : undefined;
}

/** The relay's record of an interop case (with every role's adapter exchange). */
export function interopRecord(evidence: object | undefined): InteropEvidence | undefined {
  return evidence && isInterop(evidence) ? evidence : undefined;
}

function isInterop(record: object): record is InteropEvidence {
  return kindOf(record) === "interop" && "roles" in record;
}
