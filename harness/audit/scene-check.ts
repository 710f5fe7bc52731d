/**
 * A live case's record against its scene (checkScene) and its seal (checkSealed, below). A
 * transport case's verdict rests on the adapter's answer and the facts the vector asserts; an
 * exchange no fact reads could be edited (a scripted 403 turned into a 200) and the audit agreed.
 * Here the scene is re-derived from the vector and each exchange checked against it: the scene
 * recorded is the vector's; the first `times` requests naming one of its methods were answered by
 * the scene (with its status), and no other request was.
 */
import type { Transcript } from "../model/implementation.ts";
import type { VectorRecord } from "../model/report.ts";
import { prepareTransportCase } from "../transport/prepare-case.ts";
import { admittedConns, secretIn } from "../wire/index.ts";

interface ExchangeLike {
  readonly seq?: number;
  readonly rpc?: ReadonlyArray<{ readonly method?: string }>;
  readonly rpc_not_kept?: number;
  readonly answered_by?: string;
  readonly status?: number | null;
}

const SCRIPTED = new Set(["status", "reset", "no_answer", "rpc_error"]);

export function checkScene(vector: VectorRecord, transport: NonNullable<Transcript["transport"]>, problem: (p: string) => void): void {
  const prepared = prepareTransportCase(vector.input, { caseId: transport.case_id, baseUrl: transport.base_url });
  if (!prepared.ok) return; // the request check names it
  const scene = prepared.spec.scene;
  const evidence = transport.evidence as { scene?: unknown; exchanges?: readonly ExchangeLike[]; not_kept?: unknown };
  if (JSON.stringify(evidence.scene ?? null) !== JSON.stringify(scene))
    problem("the scene its evidence records is not the one its vector describes (edited)");
  const exchanges = evidence.exchanges ?? [];
  // What cannot be re-derived: exchanges left out by the case's budget, batches summarized in part, harness answers.
  if (evidence.not_kept !== undefined || exchanges.some((ex) => ex.rpc_not_kept || ex.answered_by === "harness")) return;
  let matches = 0;
  for (const ex of exchanges) {
    const named = scene !== null && (ex.rpc ?? []).some((m) => m.method !== undefined && scene.on.includes(m.method));
    if (named) matches++;
    const scripted = scene !== null && named && (scene.times === null || matches <= scene.times);
    const by = ex.answered_by ?? "";
    if (scripted && scene!.answer !== "sdk") {
      if (by !== scene!.answer) problem(`exchange ${ex.seq}: its scene answers it (${scene!.answer}), the evidence says ${by}`);
      else if (scene!.answer === "status" && ex.status !== null && ex.status !== scene!.status)
        problem(`exchange ${ex.seq}: its scene answers it with status ${scene!.status}, the evidence says ${ex.status}`);
    } else if (SCRIPTED.has(by)) problem(`exchange ${ex.seq}: answered by the scene (${by}), but its scene does not answer it`);
  }
}

/**
 * A kit Server's record (a wire.computer or wire.agent scene, the interop relay) against its seal
 * (wire/case-seal.ts): every packet must come from a connection whose handshake presented the
 * secret in the record's URL. The facts read admitted connections only; this names a record that
 * holds anything else, so a report an intruder's packets fed fails the audit. The kit's clients'
 * record (wire.server) keeps `connects`, not `handshakes`: the kit is no Server there.
 */
export function checkSealed(record: unknown, problem: (p: string) => void): void {
  if (record === null || typeof record !== "object" || !("handshakes" in record || "intruders" in record)) return;
  const { url, packets } = record as { url?: string; packets?: ReadonlyArray<{ readonly conn?: string }> };
  const admitted = admittedConns(record as never);
  const foreign = new Map<string, number>();
  for (const p of Array.isArray(packets) ? packets : []) {
    const conn = String(p?.conn);
    if (!admitted.has(conn)) foreign.set(conn, (foreign.get(conn) ?? 0) + 1);
  }
  const why = secretIn(url)
    ? "did not present the case's secret at its handshake"
    : "presented no case secret: the scene's URL carries none (smcp_case), so it was not sealed";
  for (const [conn, n] of foreign)
    problem(`connection ${conn} ${why}, yet ${n} of its packets are in the evidence (an intruder's packets taken as the case's)`);
}
