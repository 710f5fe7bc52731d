/**
 * Wire cases in a run: each case starts its own Socket.IO Server (harness/wire) and mounts MCP
 * servers on the run's transport server; the adapter is called with that case's URLs only, and the
 * Server's record of every packet joins the case's transcript, so the verdict (and `audit`) rests on
 * what crossed the wire. Cases of one implementation run concurrently, a few at a time.
 */
import type { Answer, CallResult, Implementation } from "../model/implementation.ts";
import { opDefinition } from "../model/operations.ts";
import type { Vector } from "../model/vector.ts";
import type { SceneServer } from "../transport/index.ts";
import {
  type AgentSceneEvidence,
  agentFacts,
  openWire,
  type ServerSceneEvidence,
  serverComparedValue,
  serverFacts,
  WIRE_AGENT_OP,
  WIRE_SERVER_OP,
  type WireEvidence,
  wireBudgetMs,
  wireComparedValue,
  wireObservedValue,
} from "../wire/index.ts";
import { sentNumber, wireComputerTimeout } from "./live-timeout.ts";
import { wireAgentAnswer } from "./wire-agent-cases.ts";
import { withWireEvidence } from "./wire-evidence.ts";
import { wireServerAnswer } from "./wire-server-cases.ts";

/** The run's MCP scene server (the transport suite's), or why there is none. */
type McpServer = { readonly server: SceneServer } | { readonly fault: string } | undefined;

/**
 * Wire cases in flight per implementation: each runs a whole SDK Computer (and its MCP clients) at
 * once. Most of a case is waiting (script sleeps, time boxes): on 2 cores the warm main job took
 * 54 s at 6, 43 s at 8, 41 s at 9 to 12; at 24 (transport 18) timing-sensitive cases failed.
 */
export const WIRE_CONCURRENCY = 8;

export function isWireOp(op: string): boolean {
  return opDefinition(op)?.kind === "wire";
}

/** One wire case, by its op: the SDK's Computer against the kit's Server, or the SDK's Server against the kit's clients. */
export function wireCaseAnswer(
  impl: Implementation,
  vector: Vector,
  transport: McpServer,
  notSent: (message: string) => Answer,
): Promise<Answer> {
  if (vector.op === WIRE_SERVER_OP) return wireServerAnswer(impl, vector, notSent);
  if (vector.op === WIRE_AGENT_OP) return wireAgentAnswer(impl, vector, notSent);
  return wireAnswer(impl, vector, transport, notSent);
}

/** One wire.computer case: open its scene, call the adapter with the scene's URLs, wait for the scene, close, attach the record. */
export async function wireAnswer(
  impl: Implementation,
  vector: Vector,
  transport: McpServer,
  notSent: (message: string) => Answer,
): Promise<Answer> {
  if (!transport || "fault" in transport) return notSent(transport?.fault ?? "no MCP scene server for the wire case");
  const opened = await openWire(transport.server, vector.input, `${impl.name}-${vector.id}`);
  if (!opened.ok) return notSent(opened.message);
  let answer: Answer;
  try {
    answer = await impl.call(vector.op, opened.call as unknown as Record<string, unknown>, { timeoutMs: wireBudgetMs(opened.call) });
  } finally {
    // An adapter that answers before its session ended leaves the scene to finish on its own time box.
    await Promise.race([opened.case.ended, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
  const evidence = await opened.case.close();
  return withWireEvidence(answer, evidence.case_id, evidence);
}

/** A wire case is judged on the adapter's answer with the Server's facts beside it. */
export function wireJudgedResult(answer: Pick<Answer, "result" | "transcript">): CallResult | undefined {
  const evidence = answer.transcript.wire?.evidence;
  if (!evidence || answer.result.kind !== "ok") return undefined;
  if (isServerScene(evidence)) return { kind: "ok", output: { ...(answer.result.output as object), ...serverFacts(evidence) } };
  if (isAgentScene(evidence)) return { kind: "ok", output: agentJudged(answer.result.output, evidence) };
  const timedOut = wireComputerTimeout(evidence, sentNumber(answer.transcript.request, "time_box_ms"));
  if (timedOut) return timedOut;
  return { kind: "ok", output: wireObservedValue(answer.result.output, evidence as unknown as WireEvidence) };
}

function isServerScene(evidence: Readonly<Record<string, unknown>>): evidence is Readonly<Record<string, unknown>> & ServerSceneEvidence {
  return evidence.kind === "server";
}

function isAgentScene(evidence: Readonly<Record<string, unknown>>): evidence is Readonly<Record<string, unknown>> & AgentSceneEvidence {
  return evidence.kind === "agent";
}

/** The Agent's facts: its packets arrive at the harness's Server (`in`). */
function agentJudged(output: unknown, evidence: AgentSceneEvidence): Record<string, unknown> {
  return { ...agentFacts(output, evidence, (p) => p.dir === "in") };
}

/**
 * A wire case's comparable facts (CaseRecord.compared), from its recorded evidence (and, for an
 * Agent, what its API surfaced); undefined for any other case. An Agent's raw answer carries req_ids,
 * session ids and office ids that differ on every run: its facts do not.
 */
export function wireCompared(answer: Pick<Answer, "result" | "transcript">): unknown {
  const evidence = answer.transcript.wire?.evidence;
  if (!evidence) return undefined;
  if (isServerScene(evidence)) return serverComparedValue(evidence);
  if (isAgentScene(evidence)) return answer.result.kind === "ok" ? agentJudged(answer.result.output, evidence) : undefined;
  return wireComparedValue(evidence as unknown as WireEvidence);
}

/** Runs at most `limit` tasks at once. */
export function atMost(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
