/**
 * The four live roles (role.ts), one definition each, looked up by a case's op or by the record its
 * transcript holds. Nothing outside this module compares a role or a live op by name to judge,
 * compare or rebuild a call.
 */
import type { Transcript } from "../model/implementation.ts";
import { opDefinition } from "../model/operations.ts";
import { type CaseEvidence, observedValue, prepareTransportCase } from "../transport/index.ts";
import {
  type AgentSceneEvidence,
  agentCallOf,
  agentFacts,
  prepareAgentScene,
  prepareServerScene,
  prepareWireCase,
  type ServerSceneEvidence,
  serverComparedValue,
  serverFacts,
  startCallOf,
  WIRE_AGENT_OP,
  WIRE_COMPUTER_OP,
  WIRE_SERVER_OP,
  type WireEvidence,
  wireCallOf,
  wireComparedValue,
  wireLocationOf,
  wireObservedValue,
} from "../wire/index.ts";
import { sentNumbers, type TransportBoxes, transportTimeout, wireComputerTimeout } from "./live-timeout.ts";
import type { Answered, LiveRole } from "./role.ts";

const TRANSPORT_OP = "transport.call_tool";

/** A wire record's kind: the Server and Agent scenes name theirs; the Computer scene's record predates kinds. */
function wireKind(transcript: Transcript): "server" | "agent" | "computer" | undefined {
  const evidence = transcript.wire?.evidence;
  if (!evidence) return undefined;
  return evidence.kind === "server" ? "server" : evidence.kind === "agent" ? "agent" : "computer";
}

const unpreparable = (problem: string) => ({ unpreparable: problem });

const transport: LiveRole = {
  name: "transport",
  op: TRANSPORT_OP,
  owns: (t) => t.transport !== undefined,
  judged(answer) {
    const evidence = answer.transcript.transport?.evidence;
    if (!evidence || answer.result.kind !== "ok") return answer.result;
    // A box that expired while the SDK was still acting measured the machine, not the SDK: a timeout, not values.
    const hung = (answer.result.output as { hangs?: unknown } | null)?.hangs === true;
    const timedOut = hung && transportTimeout(answer.result.output, evidence, sentBoxes(answer.transcript.request));
    if (timedOut) return timedOut;
    return { kind: "ok", output: observedValue(answer.result.output, evidence as unknown as CaseEvidence) };
  },
  compared: () => undefined,
  sentInput(input, t) {
    if (!t.transport) return input;
    const prepared = prepareTransportCase(input, { caseId: t.transport.case_id, baseUrl: t.transport.base_url });
    return prepared.ok ? prepared.call : unpreparable(prepared.problem);
  },
};

/** The boxes the adapter was given, from the call it was sent. */
function sentBoxes(request: string | null): TransportBoxes | undefined {
  const { connect_time_box_ms: connect, time_box_ms: call } = sentNumbers(request, ["connect_time_box_ms", "time_box_ms"]);
  return connect === undefined || call === undefined ? undefined : { connect_ms: connect, call_ms: call };
}

const computer: LiveRole = {
  name: "computer",
  op: WIRE_COMPUTER_OP,
  owns: (t) => wireKind(t) === "computer",
  judged(answer) {
    const evidence = answer.transcript.wire?.evidence;
    if (!evidence || answer.result.kind !== "ok") return answer.result;
    const timedOut =
      evidence.ended === "no_join" && wireComputerTimeout(evidence, sentNumbers(answer.transcript.request, ["time_box_ms"]).time_box_ms);
    if (timedOut) return timedOut;
    return { kind: "ok", output: wireObservedValue(answer.result.output, evidence as unknown as WireEvidence) };
  },
  compared: (answer) =>
    answer.transcript.wire ? wireComparedValue(answer.transcript.wire.evidence as unknown as WireEvidence) : undefined,
  sentInput(input, t) {
    if (!t.wire) return input;
    const prepared = prepareWireCase(input);
    return prepared.ok
      ? wireCallOf(prepared.spec, wireLocationOf(t.wire.evidence as unknown as WireEvidence))
      : unpreparable(prepared.problem);
  },
};

const server: LiveRole = {
  name: "server",
  op: WIRE_SERVER_OP,
  owns: (t) => wireKind(t) === "server",
  judged(answer) {
    const evidence = answer.transcript.wire?.evidence as unknown as ServerSceneEvidence | undefined;
    if (!evidence || answer.result.kind !== "ok") return answer.result;
    return { kind: "ok", output: { ...(answer.result.output as object), ...serverFacts(evidence) } };
  },
  compared: (answer) =>
    answer.transcript.wire ? serverComparedValue(answer.transcript.wire.evidence as unknown as ServerSceneEvidence) : undefined,
  sentInput(input) {
    const prepared = prepareServerScene(input);
    return prepared.ok ? startCallOf(prepared.spec) : unpreparable(prepared.problem);
  },
};

/** The Agent's facts: its packets arrive at the harness's Server (`in`). */
function agentJudged(answer: Answered): Record<string, unknown> | undefined {
  const evidence = answer.transcript.wire?.evidence as unknown as AgentSceneEvidence | undefined;
  if (!evidence || answer.result.kind !== "ok") return undefined;
  return { ...agentFacts(answer.result.output, evidence, (p) => p.dir === "in") };
}

const agent: LiveRole = {
  name: "agent",
  op: WIRE_AGENT_OP,
  owns: (t) => wireKind(t) === "agent",
  judged: (answer) => {
    const facts = agentJudged(answer);
    return facts ? { kind: "ok", output: facts } : answer.result;
  },
  // An Agent's raw answer carries req_ids, session ids and office ids that differ on every run: its facts do not.
  compared: agentJudged,
  sentInput(input, t) {
    if (!t.wire) return input;
    const prepared = prepareAgentScene(input);
    return prepared.ok ? agentCallOf(prepared.spec, t.wire.evidence as unknown as AgentSceneEvidence) : unpreparable(prepared.problem);
  },
};

export const LIVE_ROLES: readonly LiveRole[] = [transport, computer, server, agent];

/** The role whose cases run `op`, when it is a live op. */
export function roleOfOp(op: string): LiveRole | undefined {
  return LIVE_ROLES.find((r) => r.op === op);
}

/** The role whose record a transcript holds. */
export function roleOfRecord(transcript: Transcript): LiveRole | undefined {
  return LIVE_ROLES.find((r) => r.owns(transcript));
}

/** Whether `op` is played in a live scene (its cases are paced by their scenes, retried alone, judged on their record). */
export function isLiveOp(op: string): boolean {
  const kind = opDefinition(op)?.kind;
  return kind === "transport" || kind === "wire";
}

/** What a case is judged on: for a live case its role's judged value, else the adapter's answer. */
export function judgedValue(answer: Answered): Answered["result"] {
  return roleOfRecord(answer.transcript)?.judged(answer) ?? answer.result;
}

/** A live case's comparable facts (CaseRecord.compared); undefined for any other case. */
export function comparedValue(answer: Answered): unknown {
  return roleOfRecord(answer.transcript)?.compared(answer);
}
