/** The Agent role: an SDK's Agent against the kit's Socket.IO Server and its scripted Computer (harness/wire/, the Agent scene). */
import { plural } from "../util/plural.ts";
import { agentCallOf, agentFacts, agentLinesBehind, packetLine, prepareAgentScene, WIRE_AGENT_OP } from "../wire/index.ts";
import { agentRecord } from "./evidence.ts";
import { type Answered, type Behind, type LiveRole, unpreparable } from "./role.ts";

/** The Agent's facts: its packets arrive at the kit's Server (`in`). */
function agentJudged(answer: Answered): Record<string, unknown> | undefined {
  const evidence = agentRecord(answer.transcript);
  if (!evidence || answer.result.kind !== "ok") return undefined;
  return { ...agentFacts(answer.result.output, evidence, (p) => p.dir === "in") };
}

export const agentRole: LiveRole = {
  name: "agent",
  op: WIRE_AGENT_OP,
  owns: (t) => agentRecord(t) !== undefined,
  judged: (answer) => {
    const facts = agentJudged(answer);
    return facts ? { kind: "ok", output: facts } : answer.result;
  },
  // An Agent's raw answer carries req_ids, session ids and office ids that differ on every run: its facts do not.
  compared: agentJudged,
  sentInput(input, t) {
    const evidence = agentRecord(t);
    if (!evidence) return input;
    const prepared = prepareAgentScene(input);
    return prepared.ok ? agentCallOf(prepared.spec, evidence) : unpreparable(prepared.problem);
  },
  behind(answer, diff) {
    const evidence = agentRecord(answer.transcript);
    if (!evidence) return { show: "nothing" };
    const output = answer.result.kind === "ok" ? answer.result.output : undefined;
    const [, top, key] = (diff?.path ?? "").split("/");
    return (
      (top === "surfaced" ? surfaced(output, key) : undefined) ?? {
        show: "lines",
        lines: agentLinesBehind(evidence, output, diff),
        packets: evidence.packets,
      }
    );
  },
  exchange(t, preview) {
    const evidence = agentRecord(t);
    if (!evidence) return undefined;
    return {
      heading: `Socket.IO exchange: ${plural(evidence.packets.length, "packet")}, as the kit's Server saw it (→ it sent, ← it received)`,
      lines: evidence.packets.map((p) => packetLine(p, undefined, preview)),
    };
  },
};

/** An Agent step's answer from the SDK's own API (the adapter's output), when the difference is in it. */
function surfaced(output: unknown, key: string | undefined): Behind | undefined {
  const steps = (output as { steps?: unknown[] } | undefined)?.steps ?? [];
  const step = steps.find((s) => (s as { as?: unknown })?.as === key) as Record<string, unknown> | undefined;
  if (!step) return undefined;
  return { show: "value", head: `the SDK's ${key}: ${String(step.outcome)}`, value: step.error ?? step.value ?? step.reason ?? null };
}
