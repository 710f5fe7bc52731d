/**
 * Which role a failing interop case's first difference points at, from the relay's record: the hop
 * whose packet first departs from what passed along the chain. A surfaced step is the Agent's n-th
 * request; the Server either answers it itself or forwards it to the Computer (the same event and
 * req_id) and relays the Computer's ack. So: no answer from the Computer, or an error where the step
 * expects a success → the Computer; the Server's answer to the Agent differs from the Computer's it
 * relayed, or never came → the Server; the Server passed the Computer's answer on unchanged and the
 * Agent still surfaced something else → the Agent. Pure: run and audit read it alike.
 */
import type { InteropRoleName } from "../model/interop.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import type { AgentSceneStep } from "./agent-scene.ts";
import { type InteropEvidence, interopConversation } from "./interop.ts";
import type { WirePacket } from "./scene-record.ts";

export interface Blame {
  readonly role: InteropRoleName;
  /** Why, in a few words, from the packets. */
  readonly why: string;
}

const reqIdOf = (p: WirePacket | undefined): unknown => (p?.args?.[0] as { req_id?: unknown } | undefined)?.req_id;

/** An ack whose first argument is a flat ErrorPayload ({code, …}) or a [false, reason] refusal. */
function isErrorAck(ack: WirePacket): boolean {
  const [first] = ack.args ?? [];
  if (first === false) return true;
  return first !== null && typeof first === "object" && !Array.isArray(first) && typeof (first as { code?: unknown }).code === "number";
}

/**
 * The role `step`'s difference points at, or undefined when the record cannot tell (the step was
 * never sent, or the script has no such step). `expectsOk`: the step's expected outcome is a success.
 */
export function blameStep(
  packets: readonly WirePacket[],
  conns: { readonly agent: string | undefined; readonly computer: string | undefined },
  script: readonly AgentSceneStep[],
  step: string,
  expectsOk: boolean,
): Blame | undefined {
  const index = script.filter((s) => s.send !== undefined).findIndex((s) => s.as === step);
  if (index < 0 || conns.agent === undefined) return undefined;
  // The Agent's requests in order; its join is the adapter's own, not a script step.
  const requests = packets.filter(
    (p) => p.dir === "in" && p.conn === conns.agent && p.type === "event" && p.event !== "server:join_office",
  );
  const request = requests[index];
  if (request === undefined) return undefined;
  const answer = packets.find((p) => p.dir === "out" && p.conn === conns.agent && p.type === "ack" && p.ack_id === request.ack_id);
  const reqId = reqIdOf(request);
  const forwarded =
    reqId === undefined
      ? undefined
      : packets.find(
          (p) => p.dir === "out" && p.conn === conns.computer && p.type === "event" && p.event === request.event && reqIdOf(p) === reqId,
        );
  const computerAck =
    forwarded === undefined
      ? undefined
      : packets.find((p) => p.dir === "in" && p.conn === conns.computer && p.type === "ack" && p.ack_id === forwarded.ack_id);
  if (forwarded !== undefined && computerAck === undefined)
    return { role: "computer", why: `it never answered the ${request.event} the Server forwarded` };
  if (computerAck !== undefined && expectsOk && isErrorAck(computerAck))
    return { role: "computer", why: `it answered the forwarded ${request.event} with an error` };
  if (answer === undefined) return { role: "server", why: `it never answered the Agent's ${request.event}` };
  if (computerAck !== undefined && canonicalJson(answer.args ?? []) !== canonicalJson(computerAck.args ?? []))
    return { role: "server", why: `its answer to the Agent's ${request.event} differs from the Computer's answer it relayed` };
  if (computerAck === undefined && expectsOk && isErrorAck(answer))
    return { role: "server", why: `it answered the Agent's ${request.event} with an error itself` };
  return { role: "agent", why: `it surfaced something else than the answer it got to ${request.event}` };
}

/** `blameStep` over a case's evidence; `input` is the vector's (its script names the steps). */
export function blameInteropStep(evidence: InteropEvidence, input: unknown, step: string, expectsOk: boolean): Blame | undefined {
  const { packets, conns } = interopConversation(evidence);
  const script = (input as { script?: readonly AgentSceneStep[] } | undefined)?.script ?? [];
  return blameStep(packets, conns, script, step, expectsOk);
}
