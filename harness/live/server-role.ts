/** The Server role: an SDK's Server, met by the kit's scripted clients (harness/wire/, the Server scene). */
import type { Transcript } from "../model/implementation.ts";
import { plural } from "../util/plural.ts";
import {
  packetLine,
  prepareServerScene,
  serverComparedValue,
  serverFacts,
  serverLinesBehind,
  startCallOf,
  WIRE_SERVER_OP,
} from "../wire/index.ts";
import { serverRecord } from "./evidence.ts";
import { type LiveRole, unpreparable } from "./role.ts";

export const serverRole: LiveRole = {
  name: "server",
  op: WIRE_SERVER_OP,
  owns: (t) => serverRecord(t) !== undefined,
  judged(answer) {
    const evidence = serverRecord(answer.transcript);
    if (!evidence || answer.result.kind !== "ok") return answer.result;
    const started = answer.result.output as { a2c_version?: unknown } | null;
    return { kind: "ok", output: { ...(started as object), ...serverFacts(evidence, started?.a2c_version) } };
  },
  compared(answer) {
    const evidence = serverRecord(answer.transcript);
    return evidence ? serverComparedValue(evidence) : undefined;
  },
  sentInput(input) {
    const prepared = prepareServerScene(input);
    return prepared.ok ? startCallOf(prepared.spec) : unpreparable(prepared.problem);
  },
  behind(answer, diff) {
    const evidence = serverRecord(answer.transcript);
    return evidence ? { show: "lines", lines: serverLinesBehind(evidence, diff), packets: evidence.packets } : { show: "nothing" };
  },
  exchange(t, preview) {
    const evidence = serverRecord(t);
    if (!evidence) return undefined;
    return {
      heading: `Socket.IO exchange: ${plural(evidence.packets.length, "packet")}, as the kit's clients saw it (each line names its client; → it sent, ← it received)`,
      lines: evidence.packets.map((p) => `${p.conn} ${packetLine(p, undefined, preview)}`),
    };
  },
};

/** The stop exchange a Server case's record keeps beside its scene (run/wire-server-cases.ts). */
export interface StopRecord {
  readonly request?: string | null;
  readonly response?: string | null;
  readonly result?: string;
}

/** A Server case's stop (absent for any other case): `audit` re-derives the case's fault from it. */
export function serverStopOf(t: Transcript): StopRecord | undefined {
  const evidence = serverRecord(t);
  return evidence && "stop" in evidence ? (evidence.stop as StopRecord) : undefined;
}
