/**
 * The interop phase of a run: after every implementation answered its own cases, and before any is
 * stopped, each wire-interop vector runs over every Agent × Server × Computer choice among the
 * implementations that started and offer the role's op (27 with reference, python and rust), a few
 * at a time. Each becomes an InteropCase judged from its evidence alone (raw status; the run applies
 * the expectations).
 */
import { describeDifference } from "../diff/describe.ts";
import { judge } from "../diff/judge.ts";
import { roleNamed } from "../live/roles.ts";
import type { Difference } from "../model/difference.ts";
import type { Handshake, Implementation } from "../model/implementation.ts";
import type { InteropCase, InteropRoleName } from "../model/interop.ts";
import { applies, type ProtocolChoice } from "../model/protocols.ts";
import type { Vector } from "../model/vector.ts";
import { atMost } from "../util/at-most.ts";
import { Stop } from "../util/stop-race.ts";
import { blameInteropStep, caseSlug, type InteropEvidence, type InteropFacts, interopFacts, interopRawStatus } from "../wire/index.ts";
import type { TransportServer } from "./transport-cases.ts";
import { interopEvidence } from "./wire-interop-cases.ts";

/** Interop cases in flight: each holds three SDK roles, an MCP case and a relay. */
export const INTEROP_CONCURRENCY = 3;
/** How often the phase looks for an interrupt. */
const ABORT_POLL_MS = 100;

export interface Player {
  readonly impl: Implementation;
  readonly handshake: Handshake;
  readonly protocol: ProtocolChoice;
}

export async function runInterop(
  vectors: readonly Vector[],
  players: readonly Player[],
  transport: TransportServer,
  onCase: (c: InteropCase) => void,
  aborted: () => boolean,
): Promise<void> {
  if (vectors.length === 0) return;
  const limit = atMost(INTEROP_CONCURRENCY);
  const tasks: Promise<void>[] = [];
  // An interrupt ends the phase at once: a case in flight is dropped, never judged on calls the kill
  // cut short (its roles' calls settle as interrupted). Polled: the run hands over a predicate, not its signal.
  const halt = new Stop();
  const poll = setInterval(() => aborted() && halt.stop(), ABORT_POLL_MS);
  for (const vector of vectors) {
    const able = (role: InteropRoleName) =>
      players.filter((p) => p.handshake.operations.includes(roleNamed(role).op) && applies(vector, p.protocol.used));
    for (const agent of able("agent"))
      for (const server of able("server"))
        for (const computer of able("computer"))
          tasks.push(
            limit(async () => {
              if (aborted()) return;
              const c = await halt.race(
                interopCase(vector, { agent: agent.impl, server: server.impl, computer: computer.impl }, transport),
              );
              if (c && !aborted()) onCase(c);
            }),
          );
  }
  try {
    await halt.race(Promise.all(tasks));
  } finally {
    clearInterval(poll);
  }
}

async function interopCase(
  vector: Vector,
  roles: { agent: Implementation; server: Implementation; computer: Implementation },
  transport: TransportServer,
): Promise<InteropCase> {
  const started = performance.now();
  const caseId = caseSlug(roles.agent.name, roles.server.name, roles.computer.name, vector.id.split("/").at(-1) ?? vector.id);
  const evidence: InteropEvidence =
    transport && "server" in transport
      ? await interopEvidence(roles, vector, transport.server, caseId)
      : {
          kind: "interop",
          case_id: caseId,
          roles: { agent: roles.agent.name, server: roles.server.name, computer: roles.computer.name },
          office_id: "",
          relay: null,
          server_start: { request: null, response: null, result: "not_run" },
          server_stop: null,
          computer: null,
          agent: null,
          mcp: {},
          stopped: transport?.fault ?? "no MCP scene server",
        };
  return judgeInterop(vector, evidence, Math.round(performance.now() - started));
}

/** The case from its evidence alone: `audit` calls this too. */
export function judgeInterop(
  vector: Vector | { readonly id: string; readonly expected?: unknown; readonly op: string },
  evidence: InteropEvidence,
  durationMs: number,
): InteropCase {
  const facts = interopFacts(evidence);
  const judgement = judge(vector as Vector, { kind: "ok", output: facts });
  const raw = interopRawStatus(judgement.status, facts);
  const blame = raw === "pass" ? undefined : blameOf(vector, evidence, facts, judgement.diffs);
  const cause = blame?.cause;
  return {
    vector_id: vector.id,
    agent: evidence.roles.agent,
    server: evidence.roles.server,
    computer: evidence.roles.computer,
    raw_status: raw,
    status: raw, // the expectations are applied after (model/interop.ts withGaps)
    diffs: judgement.diffs,
    ...(judgement.note !== undefined ? { note: judgement.note } : {}),
    ...(cause ? { cause } : {}),
    ...(blame?.role ? { blamed: blame.role } : {}),
    duration_ms: durationMs,
    evidence,
  };
}

/**
 * One line: the role the first difference points at, and the difference; and that role, when the
 * record names one. A call that did not end normally is its role's; a surfaced step is the first hop
 * whose packet departs from the chain (wire/interop-blame.ts); a join or a tool run is the Computer's.
 */
function blameOf(
  vector: { readonly expected?: unknown; readonly input?: unknown },
  evidence: InteropEvidence,
  facts: InteropFacts,
  diffs: readonly Difference[],
): { readonly cause: string; readonly role?: InteropRoleName } {
  const { roles } = evidence;
  for (const role of ["server", "computer", "agent"] as const)
    if (facts.calls[role] !== "ok" && facts.calls[role] !== "not_run")
      return { cause: `${role} ${roles[role]}: its adapter call ended ${facts.calls[role]}`, role };
  if (evidence.stopped)
    return {
      cause: evidence.stopped.replace("the Computer", `computer ${roles.computer}`).replace("the Server", `server ${roles.server}`),
    };
  const first = diffs[0];
  if (!first) return { cause: "no difference recorded" };
  const [, top, step, leaf] = first.path.split("/");
  if (top === "surfaced" && step !== undefined) {
    const expected = (vector.expected as { surfaced?: Record<string, { outcome?: unknown }> } | undefined)?.surfaced?.[step];
    const blame = blameInteropStep(evidence, vector.input, step, expected?.outcome === "ok");
    if (blame) return { cause: `${blame.role} ${roles[blame.role]}: ${blame.why}; ${describeDifference(first)}`, role: blame.role };
  }
  if (top === "computer_joined" || top === "tool_runs")
    return { cause: `computer ${roles.computer} (through server ${roles.server}): ${describeDifference(first)}`, role: "computer" };
  if (top === "notified" && leaf === "delivered")
    return { cause: `server ${roles.server} or computer ${roles.computer}: ${describeDifference(first)}` };
  return { cause: `agent ${roles.agent}: ${describeDifference(first)}`, role: "agent" };
}
