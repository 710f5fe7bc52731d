/**
 * Fuzzing a live operation: a generated scene is played for each implementation as `run` plays a
 * case, and the answer fuzz compares is what the record shows about the relays.
 * - `wire.computer` (generators/wire-scenes.ts): the SDK's Computer with its own Socket.IO Server
 *   and MCP case; every change between what the MCP server gave and what the Agent received that no
 *   spec rule allows, by step and kind (harness/wire/tool-result-fidelity.ts, tool-list-fidelity.ts).
 * - `wire.server` (generators/server-scenes.ts): the SDK's Server between the kit's Agent and its
 *   scripted Computer; every change between the request the Agent sent and the one the Computer
 *   received, and between the Computer's answer and the Agent's ack (wire/server-relay-fidelity.ts).
 * The reference passes every value on as given, so any answer but `{}` is a relay the spec does not explain.
 */
import type { Answer, Implementation } from "../model/implementation.ts";
import type { Vector } from "../model/vector.ts";
import { playComputerCase } from "../run/wire-cases.ts";
import { wireServerAnswer } from "../run/wire-server-cases.ts";
import type { McpTransport, SceneServer } from "../transport/index.ts";
import { atMost } from "../util/at-most.ts";
import {
  type Change,
  type ComputerFacts,
  type ComputerSceneEvidence,
  computerFacts,
  openComputerCase,
  type ServerSceneEvidence,
  serverRelays,
  serverStepName,
  stepName,
} from "../wire/index.ts";

/** How one live operation's generated scene is played (the scene server is there when the op is in MCP_SCENE_OPS). */
type ScenePlayer = (
  impl: Implementation,
  input: Record<string, unknown>,
  server: SceneServer | undefined,
  transport: McpTransport,
) => Promise<Answer>;

/** Each live operation fuzz can play, with its player; one is asked only when named with --op (a scene costs a whole SDK role). */
const SCENE_PLAYERS: Readonly<Record<string, ScenePlayer>> = {
  "wire.computer": (impl, input, server, transport) =>
    server
      ? playScene(impl, server, transport, input)
      : Promise.resolve(unplayable("no MCP scene server was started for a wire.computer scene")),
  "wire.server": (impl, input) => playServerScene(impl, input),
};

export const LIVE_FUZZ_OPS: ReadonlySet<string> = new Set(Object.keys(SCENE_PLAYERS));

/** Live operations whose scenes mount MCP servers (the scene server must be up). */
export const MCP_SCENE_OPS: ReadonlySet<string> = new Set(["wire.computer"]);

/** The events whose relays the record judges whole (computer-facts.ts: a step of one of these carries `fidelity`). */
const RELAY_EVENTS: ReadonlySet<string> = new Set(["client:get_tools", "client:tool_call", "client:get_resources"]);

/**
 * `impl` with its live operations played as scenes on `server`, at most `slots` at once (explore
 * hands a whole chunk over at once; a scene is a whole SDK Computer). Other operations pass through.
 */
export function withLiveScenes(
  impl: Implementation,
  server: SceneServer | undefined,
  transport: McpTransport,
  slots: number,
): Implementation {
  const limit = atMost(slots);
  return {
    name: impl.name,
    transport: impl.transport,
    start: () => impl.start(),
    call: (op, input, options) => {
      const player = Object.hasOwn(SCENE_PLAYERS, op) ? SCENE_PLAYERS[op] : undefined;
      return player ? limit(() => player(impl, input, server, transport)) : impl.call(op, input, options);
    },
    stop: () => impl.stop(),
    kill: () => impl.kill(),
  };
}

async function playScene(
  impl: Implementation,
  server: SceneServer,
  transport: McpTransport,
  input: Record<string, unknown>,
): Promise<Answer> {
  const opened = await openComputerCase(server, input, `fuzz-${impl.name}`, transport);
  // A generated scene the harness cannot play is a generator bug: a fault, never an answer to compare.
  if (!opened.ok) return unplayable(`the scene could not be opened (${opened.kind}): ${opened.message}`);
  const { answer, evidence } = await playComputerCase(impl, opened, "wire.computer");
  const { kind } = answer.result;
  if (kind !== "ok" && kind !== "error") return answer; // a fault or unsupported stays what it is
  return { ...answer, result: { kind: "ok", output: relayAnswer(computerFacts(evidence), evidence) } };
}

function unplayable(message: string): Answer {
  return {
    result: { kind: "crash", message },
    transcript: { request: null, response: null, fault: { kind: "not_sent", detail: message } },
    duration_ms: 0,
    attempts: 0,
  };
}

/** A generated wire.server scene played as `run` plays a case: the SDK's Server started, the scene, the stop. */
async function playServerScene(impl: Implementation, input: Record<string, unknown>): Promise<Answer> {
  const vector = { id: "fuzz/wire-server", op: "wire.server", input } as unknown as Vector;
  const answer = await wireServerAnswer(impl, vector, unplayable);
  const { kind } = answer.result;
  const evidence = answer.transcript.wire?.evidence as ServerSceneEvidence | undefined;
  if ((kind !== "ok" && kind !== "error") || evidence?.kind !== "server") return answer;
  return { ...answer, result: { kind: "ok", output: serverRelayAnswer(evidence) } };
}

/**
 * What a played Server scene shows: `{}` when every routed exchange went through unchanged; else one
 * key per kind, `<event>/<request|answer> <added|removed|changed> <pointer>` (pointers general, as
 * for the Computer), valued by the first such change; `<event>/routed: false` when no Computer got
 * the request, `<event>/answered: false` when the Agent got no ack.
 */
export function serverRelayAnswer(evidence: Pick<ServerSceneEvidence, "packets" | "steps">): Record<string, unknown> {
  const out: Record<string, string | boolean> = {};
  const events = new Map((evidence.steps ?? []).map((r) => [serverStepName(r.step), r.step.send ?? ""] as const));
  for (const [step, relay] of Object.entries(serverRelays(evidence))) {
    const name = (events.get(step) || step).replace(/^client:/, "");
    if (!relay.routed) out[`${name}/routed`] = false;
    if (!relay.answered) out[`${name}/answered`] = false;
    for (const [side, changes] of [
      ["request", relay.request_changes],
      ["answer", relay.answer_changes],
    ] as const)
      for (const change of changes) out[`${name}/${side} ${change.kind} ${generalPointer(change.path)}`] ??= changeText(change);
  }
  return out;
}

/**
 * What a played scene shows about the relays: `{}` when everything was passed on as the spec allows;
 * else one key per kind of unexplained change, `<event>/<added|removed|changed> <pointer>` (the event
 * without `client:`, for each step of a relay the record judges whole; the
 * pointer general: generalPointer), valued by the first such change with what was given and what
 * arrived; a change on a point the spec leaves open as `<event>/open <pointer>`; or why a step could
 * not be judged (no ack, not the model, no given value). Each key is one kind of disagreement
 * (answers.ts kindsAgainst), so one root cause is one baseline entry however scenes combine them.
 */
export function relayAnswer(facts: ComputerFacts, evidence: Pick<ComputerSceneEvidence, "steps">): Record<string, unknown> {
  const out: Record<string, string | boolean> = {};
  if (facts.join === null) out.joined = false;
  for (const played of evidence.steps) {
    const event = played.step.send;
    if (event === undefined || !RELAY_EVENTS.has(event)) continue;
    // Keyed by the event, not the step's own name, so a corpus vector's step and a generated one name one kind alike.
    const name = event.slice("client:".length);
    const step = facts.steps[stepName(played.step) ?? ""];
    if (!step) continue;
    if (step.acked !== true) out[`${name}/acked`] = false;
    else if (!step.fidelity) out[`${name}/shape`] = String(step.shape);
    else if (step.fidelity.given_missing !== null) out[`${name}/given_missing`] = step.fidelity.given_missing;
    else
      for (const change of step.fidelity.changes) {
        if (change.allowed_by !== undefined) continue;
        // A reading of a point the spec leaves open: reported apart, so SDKs that read it alike agree.
        const key = `${name}/${change.open !== undefined ? "open" : change.kind} ${generalPointer(change.path)}`;
        // An open point's reading is the same whatever values rode along (markers differ by Computer): no values.
        out[key] ??= change.open !== undefined ? `${unindexed(change.path)}: ${change.kind}` : changeText(change);
      }
  }
  return out;
}

/** Keys below these hold values the generator invents (item and result metadata, structured content): one kind whatever the key. */
const FREE_MAPS = new Set(["_meta", "meta", "structuredContent", "annotations", "MCP_TOOL_ANNOTATION"]);

/**
 * A change's pointer as a kind names it: array indices as `*`, and anything below a map whose keys
 * the generator invents as `…`, so one root cause is one kind however the values were drawn.
 */
export function generalPointer(pointer: string): string {
  const parts = pointer.split("/").slice(1);
  const out: string[] = [];
  for (const part of parts) {
    out.push(/^\d+$/.test(part) ? "*" : part);
    if (FREE_MAPS.has(part) && out.length < parts.length) {
      out.push("…");
      break;
    }
  }
  return `/${out.join("/")}`;
}

/**
 * `<pointer>: <given> → <received>`: the first such change, array indices as `*` (Computers may
 * order a list differently), each side as JSON cut to a readable length (absent: `-`).
 */
function changeText(change: Change): string {
  const side = (v: unknown) => (v === undefined ? "-" : cut(JSON.stringify(v)));
  return `${unindexed(change.path)}: ${side(change.given)} → ${side(change.received)}`;
}

const unindexed = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, "/*");

const SIDE_CHARS = 60;
function cut(text: string): string {
  return text.length <= SIDE_CHARS ? text : `${text.slice(0, SIDE_CHARS - 1)}…`;
}
