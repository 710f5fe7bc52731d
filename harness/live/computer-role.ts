/** The Computer role: an SDK's Computer joined to the kit's Socket.IO Server (harness/wire/, the Computer scene). */
import { plural } from "../util/plural.ts";
import {
  computerCallOf,
  computerComparedValue,
  computerLocationOf,
  computerObservedValue,
  exchangeLines,
  focusOf,
  packetsBehind,
  prepareComputerScene,
  WIRE_COMPUTER_OP,
} from "../wire/index.ts";
import { computerRecord } from "./evidence.ts";
import { sentNumbers, wireComputerTimeout } from "./live-timeout.ts";
import { type Answered, type LiveRole, unpreparable } from "./role.ts";

export const computerRole: LiveRole = {
  name: "computer",
  op: WIRE_COMPUTER_OP,
  owns: (t) => computerRecord(t) !== undefined,
  judged(answer) {
    const evidence = computerRecord(answer.transcript);
    if (!evidence || answer.result.kind !== "ok") return answer.result;
    const timedOut =
      evidence.ended === "no_join" && wireComputerTimeout(evidence, sentNumbers(answer.transcript.request, ["time_box_ms"]).time_box_ms);
    if (timedOut) return timedOut;
    return { kind: "ok", output: computerObservedValue(answer.result.output, evidence, sentServers(answer.transcript.request)) };
  },
  compared(answer) {
    const evidence = computerRecord(answer.transcript);
    return evidence ? computerComparedValue(evidence) : undefined;
  },
  sentInput(input, t) {
    const evidence = computerRecord(t);
    if (!evidence) return input;
    const prepared = prepareComputerScene(input);
    return prepared.ok ? computerCallOf(prepared.spec, computerLocationOf(evidence)) : unpreparable(prepared.problem);
  },
  behind(answer, diff) {
    const evidence = computerRecord(answer.transcript);
    if (!evidence) return { show: "nothing" };
    // A leaked secret is the focus itself: the packet is opened where it sits.
    const secret = focusOf(evidence, diff);
    return {
      show: "packets",
      packets: packetsBehind(evidence, diff),
      ...(secret !== undefined ? { secret } : {}),
      otherwise: noPacket(answer, evidence.packets.length),
    };
  },
  exchange(t, preview) {
    const evidence = computerRecord(t);
    if (!evidence) return undefined;
    return {
      heading: `Socket.IO exchange: ${plural(evidence.packets.length, "packet")}, scene ${evidence.ended} (→ the kit's Server to the Computer, ← the Computer to the Server)`,
      lines: exchangeLines(evidence, preview),
    };
  },
};

/** What the adapter said of its session when no packet stands behind the difference. */
function noPacket(answer: Answered, recorded: number): string {
  const out =
    answer.result.kind === "ok"
      ? (answer.result.output as { ended?: unknown; stage?: unknown; raised?: { type?: unknown; message?: unknown } | null } | null)
      : undefined;
  const raised = out?.raised ? `, ${String(out.raised.type)}: ${String(out.raised.message)}` : "";
  return `no packet behind it (${recorded} recorded); the adapter: ended ${String(out?.ended ?? "?")}${out?.stage ? ` at ${String(out.stage)}` : ""}${raised}`;
}

/** The server configs the call gave the Computer, read back from the request line it was sent. */
function sentServers(request: string | null): Array<Record<string, unknown>> | undefined {
  try {
    const servers = request === null ? undefined : (JSON.parse(request) as { input?: { servers?: unknown } }).input?.servers;
    return Array.isArray(servers) ? servers.filter((s): s is Record<string, unknown> => s !== null && typeof s === "object") : undefined;
  } catch {
    return undefined;
  }
}
