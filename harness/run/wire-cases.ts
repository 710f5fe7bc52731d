/**
 * Wire cases in a run: each case starts its own Socket.IO Server (harness/wire) and mounts MCP
 * servers on the run's transport server; the adapter is called with that case's URLs only, and the
 * Server's record of every packet joins the case's transcript, so the verdict (and `audit`) rests on
 * what crossed the wire. Cases of one implementation run concurrently, a few at a time.
 */
import type { Answer, Implementation } from "../model/implementation.ts";
import { opDefinition } from "../model/operations.ts";
import type { Vector } from "../model/vector.ts";
import {
  COMPUTER_ACT_OP,
  type ComputerActor,
  type ComputerSceneEvidence,
  computerBudgetMs,
  type OpenedComputerCase,
  openComputerCase,
} from "../wire/index.ts";
import type { TransportServer } from "./transport-cases.ts";
import { withWireEvidence } from "./wire-evidence.ts";

/**
 * Wire cases in flight per implementation: each runs a whole SDK Computer (and its MCP clients) at
 * once. Most of a case is waiting (script sleeps, time boxes): on 2 cores the warm main job took
 * 54 s at 6, 43 s at 8, 41 s at 9 to 12; at 24 (transport 18) timing-sensitive cases failed.
 */
export const WIRE_CONCURRENCY = 8;

export function isWireOp(op: string): boolean {
  return opDefinition(op)?.kind === "wire";
}

/** One wire.computer case: open its scene, call the adapter with the scene's URLs, wait for the scene, close, attach the record. */
export async function wireAnswer(
  impl: Implementation,
  vector: Vector,
  transport: TransportServer,
  notSent: (message: string) => Answer,
): Promise<Answer> {
  if (!transport || "fault" in transport) return notSent(transport?.fault ?? "no MCP scene server for the wire case");
  // A script's `computer:` steps call the same implementation, naming the scene's call by its office.
  const actor: ComputerActor = async (call, timeoutMs) => (await impl.call(COMPUTER_ACT_OP, { ...call }, { timeoutMs })).result;
  const opened = await openComputerCase(transport.server, vector.input, `${impl.name}-${vector.id}`, transport.mcpTransport, actor);
  if (!opened.ok) return notSent(opened.message);
  const { answer, evidence } = await playComputerCase(impl, opened, vector.op);
  return withWireEvidence(answer, evidence.case_id, evidence);
}

/** How long an opened scene may go on after its adapter answered before it is closed anyway. */
const SCENE_END_GRACE_MS = 1_000;

/**
 * An opened wire.computer case played once: the adapter called with the scene's URLs, the scene let
 * finish (an adapter that answers before its session ended leaves it to its own time box, at most
 * SCENE_END_GRACE_MS more), then closed. The run and the wire fuzz play a case alike.
 */
export async function playComputerCase(
  impl: Implementation,
  opened: Extract<OpenedComputerCase, { ok: true }>,
  op: string,
): Promise<{ readonly answer: Answer; readonly evidence: ComputerSceneEvidence }> {
  let answer: Answer;
  try {
    answer = await impl.call(op, opened.call, { timeoutMs: computerBudgetMs(opened.call) });
  } finally {
    await Promise.race([opened.case.ended, new Promise((resolve) => setTimeout(resolve, SCENE_END_GRACE_MS).unref())]);
  }
  return { answer, evidence: await opened.case.close() };
}
