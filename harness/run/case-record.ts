/**
 * One case of a run: whether it is sent at all (another protocol version, a missing capability, an
 * operation not offered), how it is sent (a plain call, a transport scene, a wire scene), and the
 * record it leaves (judged, with its known gap applied). The run (run-corpus.ts) hands cases out
 * in `longestFirst` order and keeps the records.
 */
import { judge } from "../diff/judge.ts";
import { comparedValue, judgedValue, roleOfOp } from "../live/roles.ts";
import { gapAnswer } from "../model/gap-answer.ts";
import type { Answer, Handshake, Implementation } from "../model/implementation.ts";
import { isLiveOp } from "../model/operations.ts";
import { applies, describeSpan, type ProtocolChoice } from "../model/protocols.ts";
import type { CaseRecord } from "../model/report.ts";
import { applyGap, type Gap } from "../model/status.ts";
import type { Vector } from "../model/vector.ts";
import type { StrayRequests } from "../transport/index.ts";
import { LANDING_LOCK_UNAVAILABLE, landingLockHolds, scriptLocksLanding, scriptWaitMs } from "../wire/index.ts";
import { LIVE_PLAYERS } from "./live-players.ts";
import { type TransportServer, transportSchedule } from "./transport-cases.ts";

/**
 * The order cases are handed out in: live scenes with the longest time box first, then those whose
 * scripts wait longest (pauses and quiet windows, which no evidence shortens), the rest as listed.
 * A 45 s scene queued last behind the others would end the run 45 s after them; started first, it
 * runs beside them. Records still land at their index, so the report's order is the corpus's.
 */
export function longestFirst(vectors: readonly Vector[]): number[] {
  const box = (v: Vector) => {
    const t = (v.input as { time_box_ms?: unknown } | null)?.time_box_ms;
    return isLiveOp(v.op) ? (typeof t === "number" ? t : 0) : 0;
  };
  const waits = vectors.map((v) => (isLiveOp(v.op) ? scriptWaitMs((v.input as { script?: unknown } | null)?.script) : 0));
  return vectors.map((_, i) => i).sort((a, b) => box(vectors[b]!) - box(vectors[a]!) || waits[b]! - waits[a]! || a - b);
}

/** A case the kit cannot run (another protocol version, a missing capability, an operation not offered) is not sent. */
export function answer(
  impl: Implementation,
  handshake: Handshake,
  vector: Vector,
  protocol: ProtocolChoice,
  transport: TransportServer,
  serial: <T>(task: () => Promise<T>) => Promise<T>,
  wireLimit: <T>(task: () => Promise<T>) => Promise<T>,
  transportSlots?: number,
): Promise<Answer> | Answer {
  const outside = notApplicable(impl.name, vector, protocol);
  if (outside) return outside;
  if (vector.needs !== undefined) return notSent("unsupported", `needs ${vector.needs}, which the kit does not provide yet`);
  if (!handshake.operations.includes(vector.op)) return notSent("unsupported", `${impl.name} does not offer ${vector.op}`);
  const role = roleOfOp(vector.op);
  if (!role) return impl.call(vector.op, vector.input);
  const player = LIVE_PLAYERS[role.name];
  // A client's cases run concurrently only when the handshake says so; a scene's under the wire limit.
  const queue = player.queue === "client" ? transportSchedule(handshake, vector.op, serial, transportSlots) : wireLimit;
  const play = () => queue(() => player.play(impl, vector, transport, (message) => notSent("crash", message)));
  // A scene that needs what this machine cannot do shows nothing about the implementation.
  if (scriptLocksLanding(vector.input))
    return landingLockHolds().then((holds) => (holds ? play() : notSent("not_applicable", LANDING_LOCK_UNAVAILABLE)));
  return play();
}

/** The case's answer when the vector does not apply to the protocol version the implementation is judged against. */
export function notApplicable(implementation: string, vector: Vector, protocol: ProtocolChoice): Answer | undefined {
  if (applies(vector, protocol.used)) return undefined;
  return notSent(
    "not_applicable",
    `the vector applies to ${describeSpan(vector)}; ${implementation} is judged against ${protocol.used} (${protocolSource(protocol)})`,
  );
}

function protocolSource(protocol: ProtocolChoice): string {
  if (protocol.source === "--protocol") return "--protocol";
  if (protocol.source === "handshake") return "its handshake's claim";
  return protocol.claimed === null
    ? "it claims no version: the latest the kit knows"
    : `it claims "${protocol.claimed}": the latest the kit knows`;
}

export function notSent(kind: "unsupported" | "crash" | "not_applicable", message: string): Answer {
  return {
    result: { kind, message },
    transcript: { request: null, response: null, fault: { kind: "not_sent", detail: `${kind}: ${message}` } },
    duration_ms: 0,
    attempts: 0,
  };
}

export function caseRecord(implementation: string, vector: Vector, answer: Answer, gap: Gap | undefined): CaseRecord {
  const judged = judgedValue(answer);
  const judgement = judge(vector, judged);
  const pinned = gapAnswer(vector.op, judgement.status, judged, judgement.diffs);
  return {
    vector_id: vector.id,
    suite: vector.suite,
    op: vector.op,
    tier: vector.tier,
    implementation,
    status: applyGap(judgement.status, gap, pinned),
    raw_status: judgement.status,
    ...(gap ? { gap } : {}),
    ...(pinned !== undefined ? { answer: pinned } : {}),
    result: answer.result,
    diffs: judgement.diffs,
    ...(judgement.note !== undefined ? { note: judgement.note } : {}),
    duration_ms: Math.round(answer.duration_ms * 1000) / 1000,
    attempts: answer.attempts,
    transcript: answer.transcript,
    content_hash: vector.content_hash,
    ...withCompared(answer),
  };
}

/**
 * A live case with the requests its server saw after it closed: a client still talking (a stream
 * it reopened, a retry) is evidence too, though no verdict reads it.
 */
export function withLateRequests(c: CaseRecord, late: StrayRequests["after_close"]): CaseRecord {
  const transport = c.transcript.transport;
  const requests = transport && Object.hasOwn(late, transport.case_id) ? late[transport.case_id] : undefined;
  if (!transport || !requests) return c;
  return {
    ...c,
    transcript: { ...c.transcript, transport: { ...transport, evidence: { ...transport.evidence, late_requests: requests } } },
  };
}

function withCompared(answer: Pick<Answer, "result" | "transcript">): { compared?: unknown } {
  const compared = comparedValue(answer);
  return compared === undefined ? {} : { compared };
}
