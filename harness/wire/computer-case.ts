/**
 * One wire case: its own Socket.IO Server (the `socket.io` package) on 127.0.0.1 with a port from
 * the OS, namespace /smcp, its own office and packet record, and the scripted Agent. The Server
 * accepts the Computer's join for the case's office, plays the script once it joined, then
 * disconnects it. Nothing here judges: the record is the evidence.
 */
import type { Socket } from "socket.io";
import type { OpenCase, StdioCommand } from "../transport/index.ts";
import { loopStallMark } from "../util/loop-stall.ts";
import {
  ACT_CALL_TIMEOUT_MS,
  type ComputerActCall,
  type ComputerActor,
  CREATED_ACT,
  DEFAULT_ACT_MS,
  END_SCENE_ACT,
  inputChange,
} from "./computer-act.ts";
import type { ComputerSceneEvidence, ComputerStepRecord, CreationRecord } from "./computer-evidence.ts";
import {
  type ClientEvent,
  type ComputerSceneSpec,
  type ComputerStep,
  DEFAULT_ACK_TIME_BOX_MS,
  DEFAULT_HEARD_MS,
  KIT_AGENT_NAME,
  requestOf,
  stepName,
} from "./computer-scene.ts";
import { connIdOf, newOfficeId, openKitServer } from "./kit-server.ts";
import { collectLandingRoot, landingPaths, lockLandingRoot } from "./landing-root.ts";
import { QUIET_WINDOWS } from "./quiet-windows.ts";
import { playScript, pollUntil } from "./script.ts";
import { probeSkillPaths, type SkillPathProbe, skillPathsIn } from "./skill-paths.ts";
import { plantedPathsOf, removeUnusableCwd } from "./unusable-cwd.ts";

/**
 * The steps that change what one named MCP server serves, each as the change its case makes (the
 * step's value names the server); how many sessions it reached is the step's record.
 * remove_skill and drop_skill are one change: the kit's SKILL leaves the server.
 */
type SceneChangeStep =
  | "add_tool"
  | "add_window"
  | "add_skill"
  | "update_skill"
  | "add_note"
  | "drop_skill"
  | "remove_skill"
  | "update_window";
const SCENE_CHANGES: ReadonlyArray<readonly [SceneChangeStep, (mcpCase: OpenCase) => Promise<number | null>]> = [
  ["add_tool", (c) => c.addTool()],
  ["add_window", (c) => c.addWindow()],
  ["add_skill", (c) => c.addSkill()],
  ["update_skill", (c) => c.updateSkill()],
  ["add_note", (c) => c.addNote()],
  ["drop_skill", (c) => c.dropSkill()],
  ["remove_skill", (c) => c.dropSkill()],
  ["update_window", (c) => c.updateWindow()],
];

export interface ComputerScene {
  readonly id: string;
  /** What the case's adapter is given: the Server's URL with the case's secret (case-seal.ts). */
  readonly url: string;
  readonly officeId: string;
  /** Resolves when the scene has ended (script done and the Computer disconnected, or no join in the time box). */
  readonly ended: Promise<void>;
  /** Ends the scene if it still runs, closes the Server and every MCP case; resolves with the whole record. Idempotent. */
  close(): Promise<ComputerSceneEvidence>;
}

export interface ComputerSceneOptions {
  readonly id: string;
  readonly spec: ComputerSceneSpec;
  readonly mcp: Readonly<Record<string, OpenCase>>;
  readonly plantedSecrets: readonly string[];
  /** The servers mounted over stdio: the command each was given (recorded as the evidence's mcp_stdio). */
  readonly stdio?: Readonly<Record<string, StdioCommand>>;
  /** A landing root made for this case: listed into the evidence and removed on close. */
  readonly landingRoot?: string;
  /** The bundle_id the kit derives for each server the call gave none, by config name (derived-bundle-id.ts); kept as evidence. */
  readonly derivedBundleIds?: Readonly<Record<string, string>>;
  /** Makes a `computer:` step's act call to the implementation under test (absent: such steps are skipped). */
  readonly actor?: ComputerActor;
}

export async function openComputerScene(options: ComputerSceneOptions): Promise<ComputerScene> {
  const { spec } = options;
  const openedAt = new Date().toISOString();
  // How long the harness stood still while the scene ran (util/loop-stall.ts; run/retry.ts reads it).
  const stallAtOpen = loopStallMark();
  const server = await openKitServer();
  const { since, recorder } = server;
  const steps: ComputerStepRecord[] = [];
  const officeId = newOfficeId();
  let ended: ComputerSceneEvidence["ended"] | undefined;
  let endScene: () => void = () => undefined;
  const endedPromise = new Promise<void>((resolve) => {
    endScene = resolve;
  });
  const finish = (how: ComputerSceneEvidence["ended"]) => {
    ended ??= how;
    endScene();
  };

  const noJoin = setTimeout(() => finish("no_join"), spec.time_box_ms);
  let joinedSocket: Socket | undefined;
  let skillPaths: Record<string, SkillPathProbe> = {};
  server.smcp.on("connection", (socket) => {
    socket.on("server:join_office", (request: unknown, ack?: (...args: unknown[]) => void) => {
      const req = (request ?? {}) as Record<string, unknown>;
      // A second join only in a scene whose script has the Computer connect again, once its first connection is gone.
      const rejoin = joinedSocket !== undefined && !joinedSocket.connected && spec.script.some((s) => s.computer === "connect");
      const accepted = req.role === "computer" && req.office_id === officeId && (!joinedSocket || rejoin);
      if (typeof ack === "function") ack(accepted, accepted ? null : "this scene admits one Computer, to its own office");
      if (!accepted) return;
      joinedSocket = socket;
      void socket.join(officeId);
      if (rejoin) return;
      clearTimeout(noJoin);
      void playKitAgentScript(socket).finally(() => finish("script_done"));
    });
    // A Computer's leave (a `computer: leave` act's SDK call) is acknowledged (true, null), the 0.4.0
    // tuple, only in a script with such a step: elsewhere the scene stays as it always answered.
    if (spec.script.some((s) => s.computer === "leave"))
      socket.on("server:leave_office", (request: unknown, ack?: (...args: unknown[]) => void) => {
        const req = (request ?? {}) as Record<string, unknown>;
        const accepted = socket === joinedSocket && req.office_id === officeId;
        if (typeof ack === "function") ack(accepted, accepted ? null : "not a member of this office");
        if (accepted) void socket.leave(officeId);
      });
  });

  /** The Agent's script (script.ts); every ack is waited for within its time box, then the Computer is disconnected. */
  const playKitAgentScript = async (socket: Socket) => {
    // The joined connection: after a `computer: connect` act, the one the Computer joined again on.
    const live = () => joinedSocket ?? socket;
    // Packets recorded when the latest send or act began: a `heard` step counts what the Computer sent since.
    let sinceSeq = 0;
    await playScript<ComputerStep>(
      spec.script,
      {
        since,
        over: () => ended !== undefined,
        send(step, index, _withinMs, answerOf) {
          if (!live().connected) return { record: { skipped: "the Computer is gone" } };
          sinceSeq = recorder.packets.length;
          const event = step.send as ClientEvent;
          const reqId = `${options.id}-${index + 1}`;
          const request = requestOf(spec, step as ComputerStep & { send: ClientEvent }, reqId, answerOf);
          const answer = emitWithAck(live(), event, request, step.ack_time_box_ms ?? DEFAULT_ACK_TIME_BOX_MS);
          // The ack id socket.io gave this emit: the last outgoing EVENT of this name on this connection.
          const ackId = recorder.lastSentAckId(event, connIdOf(live()));
          return { record: { request, req_id: reqId, conn: connIdOf(live()), ...(ackId !== undefined ? { ack_id: ackId } : {}) }, answer };
        },
        async act(step, _index, withinMs) {
          if (step.heard !== undefined) {
            const from = performance.now();
            const conn = connIdOf(live());
            const after = sinceSeq;
            const sent = () =>
              recorder.packets.filter(
                (p) => p.seq > after && p.dir === "in" && p.conn === conn && p.type === "event" && p.event === step.heard,
              ).length;
            const met = await pollUntil(() => sent() >= (step.count ?? 1), Math.min(step.time_box_ms ?? DEFAULT_HEARD_MS, withinMs));
            return { since_seq: after, waited_ms: Math.round(performance.now() - from), met };
          }
          sinceSeq = recorder.packets.length;
          if (step.lock_landing) return { read_only: options.landingRoot ? await lockLandingRoot(options.landingRoot) : false };
          for (const [field, change] of SCENE_CHANGES) {
            const named = step[field];
            if (named === undefined) continue;
            const mcpCase = options.mcp[named];
            return { mcp_sessions: mcpCase ? await change(mcpCase) : null };
          }
          if (step.resource_updated !== undefined && step.uri !== undefined) {
            const mcpCase = options.mcp[step.resource_updated];
            return { mcp_sessions: mcpCase ? await mcpCase.touchResource(step.uri) : null };
          }
          if (step.computer !== undefined) return await playAct(step, live(), withinMs);
          if (step.probe !== undefined) {
            if (!live().connected) return { skipped: "the Computer is gone" };
            // An event no Computer need answer: the wait is capped short, and its outcome is evidence only.
            const request = { agent: KIT_AGENT_NAME, computer: spec.computer_name, ...(step.payload ?? {}) };
            const args = await emitWithAck(live(), step.probe, request, Math.min(step.ack_time_box_ms ?? PROBE_ACK_MS, withinMs));
            return { request, probe_answer: args === undefined ? null : (args[0] ?? null) };
          }
          if (step.cancel !== undefined) {
            const target = steps.find((s) => stepName(s.step) === step.cancel);
            const reqId = target?.req_id;
            if (reqId === undefined || !live().connected)
              return { skipped: reqId === undefined ? `no request was sent as "${step.cancel}"` : "the Computer is gone" };
            const notice = { agent: KIT_AGENT_NAME, req_id: reqId };
            server.smcp.to(officeId).emit("notify:tool_call_cancel", notice);
            return { request: notice, req_id: reqId };
          }
          return { skipped: "a step this scene does not play" };
        },
      },
      (played) => steps.push(played as ComputerStepRecord),
    );
    // The paths the Computer named, looked at while it still serves (skill-paths.ts).
    const mountDirs = Object.values(options.mcp).flatMap((c) => c.mountDir() ?? []);
    skillPaths = await probeSkillPaths(skillPathsIn(recorder.packets), mountDirs);
    // The scene ends at its last answer: a vector that judges what a late packet could change ends
    // its script with a quiet window (quiet-windows.ts, trailing).
    if (live().connected) live().disconnect(true);
    else if (actsRan && options.actor) await sayEndScene();
  };

  /** Whether a `computer:` step ran: only then may the Computer have ended its own connection. */
  let actsRan = false;
  /**
   * A Computer that ended its own connection (a disconnect or shutdown act) cannot be disconnected:
   * the Server tells its adapter the scene is over instead (the kit-internal `end_scene` act), so the
   * case ends on that word, not on the adapter's time box. Its answer is kept as evidence.
   */
  const sayEndScene = async () => {
    const request = { office_id: officeId, act: END_SCENE_ACT };
    const result = await callAct(options.actor!, request);
    sceneEnd = { request, result };
  };
  let sceneEnd: ComputerSceneEvidence["scene_end"];

  /**
   * A `computer:` step: the act call to the adapter, its result recorded; an act that ends the
   * connection is waited for on evidence (the Server's socket closing), within the step's box.
   */
  const playAct = async (step: ComputerStep, socket: Socket, withinMs: number) => {
    const sinceAct = recorder.packets.length;
    if (!options.actor) return { skipped: "no actor for computer: steps in this run", since_seq: sinceAct };
    actsRan = true;
    const request = {
      office_id: officeId,
      act: step.computer!,
      ...(step.bundle_id !== undefined ? { bundle_id: step.bundle_id } : {}),
      ...(step.set !== undefined ? { set: step.set } : {}),
      ...(step.computer === "set_input" ? inputChange(step, options.plantedSecrets) : {}),
    };
    const result = await callAct(options.actor, request);
    if (step.computer === "disconnect" || step.computer === "shutdown")
      await pollUntil(() => !socket.connected, Math.min(step.time_box_ms ?? DEFAULT_ACT_MS, withinMs));
    // A connect act is done once the Computer joined again on a new connection (the join handler admits it).
    if (step.computer === "connect")
      await pollUntil(
        () => joinedSocket !== socket && joinedSocket?.connected === true,
        Math.min(step.time_box_ms ?? DEFAULT_ACT_MS, withinMs),
      );
    const now = joinedSocket ?? socket;
    const released = step.computer === "shutdown" ? await resourcesReleased(Math.min(step.time_box_ms ?? DEFAULT_ACT_MS, withinMs)) : {};
    return { act: { request, result }, disconnected: !now.connected, since_seq: sinceAct, ...released };
  };

  /**
   * After a shutdown: waits, on evidence and within the bound, until the Computer has ended every MCP
   * session it opened (a sessionful server's view: DELETE or its notification stream closed; a stdio
   * mount's bridge closes its stream when the Computer closes its stdin or ends it), then notes each
   * server's open sessions and its last exchange: what came after is what the shut-down runtime sent.
   */
  const resourcesReleased = async (boundMs: number) => {
    const until = performance.now() + boundMs;
    const open = () => Object.fromEntries(Object.entries(options.mcp).map(([name, c]) => [name, c.openSessions()] as const));
    await pollUntil(() => Object.values(open()).every((n) => n === null || n === 0), boundMs);
    const mcpSeq = Object.fromEntries(Object.entries(options.mcp).map(([name, c]) => [name, c.evidence().exchanges.at(-1)?.seq ?? 0]));
    // With a landing root: what is left under it (an upload's in-flight part), polled until empty within the same bound.
    const root = options.landingRoot;
    let left = root === undefined ? undefined : await landingPaths(root);
    while (root !== undefined && left !== undefined && left.length > 0 && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, LANDING_POLL_MS));
      left = await landingPaths(root);
    }
    return { mcp_open: open(), mcp_seq: mcpSeq, ...(left !== undefined ? { landing_left: left } : {}) };
  };

  /**
   * start_on_act: the adapter creates its Computer and holds it; once it says so, the scene notes what
   * had reached the Server and the MCP servers by then (creation alone), then lets it start.
   */
  let creation: CreationRecord | undefined;
  if (spec.start_on_act && options.actor) {
    const actor = options.actor;
    void (async () => {
      const createdRequest = { office_id: officeId, act: CREATED_ACT };
      const created = await callAct(actor, createdRequest);
      const handshakes = server.handshakes.length;
      const mcpExchanges = Object.fromEntries(Object.entries(options.mcp).map(([name, c]) => [name, c.evidence().exchanges.length]));
      const startRequest = { office_id: officeId, act: "start" as const };
      const start = await callAct(actor, startRequest);
      creation = {
        created: { request: createdRequest, result: created },
        handshakes,
        mcp_exchanges: mcpExchanges,
        start: { request: startRequest, result: start },
      };
    })();
  }

  const { url } = server;

  let closing: Promise<ComputerSceneEvidence> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearTimeout(noJoin);
      finish("closed");
      const mcp = Object.fromEntries(
        await Promise.all(Object.entries(options.mcp).map(async ([name, c]) => [name, await c.close()] as const)),
      );
      await server.close();
      const landing = options.landingRoot === undefined ? undefined : await collectLandingRoot(options.landingRoot);
      await Promise.all(plantedPathsOf(options.stdio).map(removeUnusableCwd));
      return {
        kind: "computer",
        case_id: options.id,
        url,
        office_id: officeId,
        computer_name: spec.computer_name,
        opened_at: openedAt,
        handshakes: server.handshakes,
        ...server.intruders(),
        packets: recorder.packets,
        steps,
        planted_secrets: options.plantedSecrets,
        mcp,
        ...(options.stdio && Object.keys(options.stdio).length > 0 ? { mcp_stdio: options.stdio } : {}),
        ended: ended ?? "closed",
        ...(sceneEnd ? { scene_end: sceneEnd } : {}),
        ...(creation ? { creation } : {}),
        dropped_packets: recorder.dropped,
        loop_stalled_ms: Math.round(loopStallMark() - stallAtOpen),
        ...(landing ? { landing } : {}),
        ...(Object.keys(skillPaths).length > 0 ? { skill_paths: skillPaths } : {}),
        ...(options.derivedBundleIds && Object.keys(options.derivedBundleIds).length > 0
          ? { derived_bundle_ids: options.derivedBundleIds }
          : {}),
      } satisfies ComputerSceneEvidence;
    })());

  return { id: options.id, url, officeId, ended: endedPromise, close };
}

/** How often a shutdown step looks at the landing root again while an upload's part is still there. */
const LANDING_POLL_MS = 50;

/** An act call's result; a call that failed to make (the adapter gone) is recorded as a crash. */
function callAct(actor: ComputerActor, request: ComputerActCall): Promise<unknown> {
  return actor(request, ACT_CALL_TIMEOUT_MS).catch((error: unknown) => ({ kind: "crash", message: String(error) }));
}

/**
 * How long a probe waits for an answer it need not get (its answer is evidence, never judged): the
 * trailing window, in which every Computer measured sent its last answer. What a probe might change
 * is judged after it, by the vector's own steps (behind an announcement window where it matters).
 */
const PROBE_ACK_MS = QUIET_WINDOWS.trailing.ms;

/** The ack's arguments, or undefined when none came within the time box (the packets say which). */
function emitWithAck(socket: Socket, event: string, request: unknown, timeoutMs: number): Promise<unknown[] | undefined> {
  return new Promise((resolve) => {
    socket.timeout(timeoutMs).emit(event, request, (error: Error | null, ...args: unknown[]) => resolve(error ? undefined : args));
  });
}
