/**
 * `wire.computer` for the reference: start the Computer (its MCP clients), connect it, join the
 * office, serve until the Server disconnects it or the time box ends, shut down (bounded) and say
 * how it went. The verdict is the harness's, from the packets it recorded; this answer is evidence.
 */
import type { Socket } from "socket.io-client";
import { InvalidInputError } from "../src/index.ts";
import { type ComputerActInput, type ComputerActOutput, holdUntilStart, registerActs } from "./acts.ts";
import { UPLOAD_LIMITS } from "./blob-upload.ts";
import { type Computer, computerOf, refreshCatalog } from "./computer.ts";
import { takesPartInDesktop, windowSetOf } from "./desktop-view.ts";
import { serveClientEvents } from "./dispatch.ts";
import { McpFleet } from "./mcp-fleet.ts";
import { type Remounted, remount } from "./remount.ts";
import { type InputResolver, inputResolver, withSecretInputs } from "./secret-inputs.ts";
import { redactorFor } from "./secrets.ts";
import { configureServers } from "./server-config.ts";
import { computerSocket, connected, disconnected, joinOffice, leaveOffice, SessionError } from "./smcp-socket.ts";
import type { Stage, WireComputerInput, WireComputerOutput } from "./wire-call.ts";

/** A mount act's MCP connect and tools/list stay within the act's 5 s bound. */
const MOUNT_BUDGET_MS = 4_000;
/** Closing waits no longer than this, so the answer is out well within time_box_ms + 5 s. */
const CLOSE_BOUND_MS = 3_000;

type Outcome =
  | { readonly ended: "server_disconnect" }
  | { readonly ended: "time_box" }
  | { readonly ended: "error"; readonly error: unknown };

export async function runWireComputer(input: WireComputerInput): Promise<WireComputerOutput> {
  const started = performance.now();
  /** The inputs' values as they are now (a set_input act changes them; the next actual start renders with them). */
  const inputValues: Record<string, string> = { ...(input.input_values ?? {}) };
  /** Every render asks this resolver, once per input id it names (secret-inputs.ts); it counts its calls. */
  const resolver = inputResolver(inputValues);
  // Secret inputs are rendered first: the redactor and the MCP clients see the resolved values.
  const servers = withSecretInputs(input, resolver);
  const redact = redactorFor(servers);
  const fleet = new McpFleet();
  let socket: Socket | undefined;
  let stage: Stage = "start";
  let joined = false;
  let stopCalls = () => {};
  /** Removes what the Computer staged on disk (uploads in flight, materialised SKILLs). */
  let cleanUp = async () => {};
  /** Set once the answer is being made: a session still starting then must not go on to connect. */
  let over = false;
  /** The runtime's lifecycle state (runtime-contract.md §3), what a `state` act reports. */
  let state = "starting";
  /** The Computer ended its own connection (a disconnect or shutdown act): the session then serves until the scene is over. */
  let selfEnded = false;
  /** The Server's word that the scene is over (the kit-internal end_scene act), for a session whose Computer left on its own. */
  let sceneOver = () => {};
  const sceneOverSaid = new Promise<void>((resolve) => {
    sceneOver = resolve;
  });
  /** Resolves when a connect act has the Computer connected and joined again (the session then serves that connection). */
  let reconnected = () => {};
  let nextConnection = new Promise<void>((resolve) => {
    reconnected = resolve;
  });
  let unregister = () => {};
  /** Resolves once the join returned (or the session is over): acts wait for it, as a Computer acts once in its office. */
  let joinDone = () => {};
  const joinedOrOver = new Promise<void>((resolve) => {
    joinDone = resolve;
  });

  const session = async (): Promise<Outcome> => {
    // start_on_act: created (the call's configs read, nothing started or connected) and held until the start act.
    if (input.start_on_act) await holdUntilStart(input.office_id);
    if (over) return { ended: "time_box" };
    // A server marked mount_later is no part of the construction set: a mount act adds it (remount.ts).
    const configured = configureServers(servers.filter((s) => s.mount_later !== true));
    const mounted = await fleet.mount(configured, input.time_box_ms - (performance.now() - started));
    if (over) return { ended: "time_box" };
    const limits = input.upload_limits;
    const uploadLimits = {
      ...UPLOAD_LIMITS,
      ...(limits?.max_sessions !== undefined ? { maxSessions: limits.max_sessions } : {}),
      ...(limits?.idle_timeout_s !== undefined ? { idleMs: limits.idle_timeout_s * 1000 } : {}),
    };
    const computer = computerOf(input.computer_name, configured, mounted, redact, input.landing_root, uploadLimits, input.skill_max_bytes);
    stopCalls = () => computer.calls.abortAll();
    cleanUp = async () => {
      await Promise.all([computer.uploads.discardAll(), computer.skills.close()]);
    };
    // A server's tool list changed: re-aggregate, and once in the office ask the Server to tell it
    // (computer.md §9); before joining the change is only recorded (§2.2).
    // A server's resource list changed: only a change of the window:// set is a desktop change, told
    // with server:update_desktop once in the office (events.md server:update_desktop); a change of its
    // SKILL names is a SKILL change, told with server:update_skills (skill.md §8.1).
    let windows = await windowSetOf(mounted);
    // A shut-down or stopped runtime tells nobody anything: no stale callback reaches the wire (runtime-contract.md §4.3, §4.7).
    const tell = (event: string) => {
      if (joined && state !== "shutdown" && state !== "stopped" && socket?.connected) socket.emit(event, { computer: input.computer_name });
    };
    const windowsChanged = async () => {
      const now = await windowSetOf([...computer.mounted.values()]);
      if (now === windows) return false;
      windows = now;
      return true;
    };
    // One resource change at a time: a burst of notifications is compared against one settled state each.
    let resourceChanges: Promise<void> = Promise.resolve();
    const serialised = (change: () => Promise<void>) => {
      resourceChanges = resourceChanges.then(change).catch(() => undefined);
    };
    const onResourcesChanged = async (changed: Parameters<typeof fleet.onResourcesChanged>[0]) => {
      // The SKILL set first (skill.md §8.1): a SKILL the server took away leaves the registry.
      if (await computer.skills.restage(changed)) tell("server:update_skills");
      if (await windowsChanged()) tell("server:update_desktop");
    };
    fleet.onResourcesChanged = (changed) => serialised(() => onResourcesChanged(changed));
    fleet.onResourceUpdated = (changed, uri) => {
      // A window's content changed (desktop.md, ResourceUpdated): a desktop change at once, no set to
      // compare; only from a server that takes part in the Desktop.
      if (/^window:\/\//i.test(uri) && takesPartInDesktop(changed)) tell("server:update_desktop");
      // A SKILL's content changed (skill.md §8.2): staged again from what the server serves now, and
      // told even though the set of names is the same.
      if (/^skill:\/\//i.test(uri))
        serialised(async () => {
          await computer.skills.restage(changed);
          tell("server:update_skills");
        });
    };
    fleet.onToolsChanged = () => {
      refreshCatalog(computer);
      tell("server:update_tool_list");
    };
    state = "started";
    unregister = registerActs(input.office_id, async (act) =>
      joinedOrOver.then(() =>
        actOn(act, {
          computer,
          state: () => state,
          disconnect: () => {
            selfEnded = true;
            state = "started";
            socket?.disconnect();
          },
          shutdown: async () => {
            selfEnded = true;
            state = "shutdown";
            stopCalls();
            socket?.disconnect();
            await Promise.all([fleet.close(), cleanUp().catch(() => undefined)]);
          },
          endScene: sceneOver,
          connect: async () => {
            // The same runtime connects and joins again (runtime-contract.md §4.5 item 3): its
            // handlers read the Computer as it is now, so what it projects is the current desired state.
            const next = computerSocket(input.url, input.connect_auth);
            serveClientEvents(next, computer);
            await connected(next);
            await joinOffice(next, input.computer_name, input.office_id);
            socket = next;
            state = "joined_office";
            selfEnded = false;
            const told = reconnected;
            nextConnection = new Promise<void>((resolve) => {
              reconnected = resolve;
            });
            told();
          },
          leave: async () => {
            if (!socket) throw new SessionError("Disconnected", "no connection to leave the office on");
            await leaveOffice(socket, input.office_id);
            state = "connected";
          },
          stop: async () => {
            // Service activity halts (runtime-contract.md §4.3): calls in flight end, the MCP clients
            // close and nothing is routed any more; the connection and the configured set stay.
            state = "stopped";
            stopCalls();
            const running = [...computer.mounted.values()];
            computer.mounted.clear();
            refreshCatalog(computer);
            await Promise.all(running.map((m) => m.client.close().catch(() => undefined)));
          },
          mount: (bundleId, set) => remount(computer, fleet, input.servers, bundleId, set, MOUNT_BUDGET_MS),
          // Rendered before the old client closes: an input without a value fails here and what runs stays.
          restart: (bundleId) => remount(computer, fleet, withSecretInputs(input, resolver, true, bundleId), bundleId, {}, MOUNT_BUDGET_MS),
          stopServer: async (bundleId) => {
            const running = computer.mounted.get(bundleId);
            if (!running) return false;
            computer.mounted.delete(bundleId);
            refreshCatalog(computer);
            await running.client.close().catch(() => undefined);
            return true;
          },
          // An actual start from stopped renders the raw config again with the inputs' current values.
          startServer: async (bundleId) => {
            if (computer.mounted.has(bundleId)) return true;
            const [server] = configureServers(withSecretInputs(input, resolver, true, bundleId).filter((s) => s.bundle_id === bundleId));
            const configured = computer.configured.find((s) => s.bundleId === bundleId);
            if (!server || !configured) return false;
            computer.mounted.set(bundleId, await fleet.mountOne(server, MOUNT_BUDGET_MS));
            refreshCatalog(computer);
            return true;
          },
          setInput: (id, value) => {
            if (!(input.inputs ?? []).some((i) => i.id === id)) return false;
            if (value === null) delete inputValues[id];
            else inputValues[id] = value;
            return true;
          },
          changed: async (skills) => {
            tell("server:update_config");
            tell("server:update_tool_list");
            if (await windowsChanged()) tell("server:update_desktop");
            if (skills) tell("server:update_skills");
          },
        }),
      ),
    );

    stage = "connect";
    state = "connecting";
    socket = computerSocket(input.url, input.connect_auth);
    serveClientEvents(socket, computer);
    const ended = disconnected(socket);
    await connected(socket);
    state = "connected";

    stage = "join";
    const lost = ended.then((reason) => Promise.reject(new SessionError("Disconnected", `disconnected while joining: ${reason}`)));
    await Promise.race([joinOffice(socket, input.computer_name, input.office_id), lost]);
    joined = true;
    state = "joined_office";
    joinDone();

    stage = "serve";
    // Any end the Computer did not cause is the Server ending the session: its DISCONNECT ("io server
    // disconnect") or the connection closing under it; the Computer never reconnects. An end it caused
    // itself (an act) leaves the session serving until the Server says the scene is over (end_scene)
    // or its time box ends.
    // A Computer that connected again (a connect act) serves that connection to its end in turn.
    for (let ending = ended; ; ending = disconnected(socket)) {
      await ending;
      if (!selfEnded) break;
      const over = await Promise.race([sceneOverSaid.then(() => true), nextConnection.then(() => false)]);
      if (over) break;
    }
    if (state === "joined_office") state = "started";
    return { ended: "server_disconnect" };
  };

  let timer: NodeJS.Timeout | undefined;
  const timeBox = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ ended: "time_box" }), input.time_box_ms);
  });
  // The session never rejects into the race: a failure after the time box must not go unhandled.
  const outcome = await Promise.race([session().catch((error: unknown): Outcome => ({ ended: "error", error })), timeBox]);
  clearTimeout(timer);
  over = true;
  joinDone();
  unregister();

  stopCalls();
  socket?.disconnect();
  await Promise.race([
    Promise.all([fleet.close(), cleanUp().catch(() => undefined)]),
    new Promise((resolve) => setTimeout(resolve, CLOSE_BOUND_MS).unref()),
  ]);

  const failed = outcome.ended === "error";
  return {
    joined,
    ended: outcome.ended,
    stage: failed ? stage : null,
    elapsed_ms: Math.round((performance.now() - started) * 10) / 10,
    raised: failed ? raisedOf(outcome.error, redact) : null,
    ...(input.count_input_resolutions ? { input_resolutions: resolutionsOf(input, resolver) } : {}),
  };
}

/** The resolver's calls for every declared input (0 for one never asked), by id. */
function resolutionsOf(input: WireComputerInput, resolver: InputResolver): Record<string, number> {
  return Object.fromEntries((input.inputs ?? []).map((i) => [i.id, resolver.calls[i.id] ?? 0]));
}

function raisedOf(error: unknown, redact: (text: string) => string): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name, message: redact(error.message) };
  return { type: typeof error, message: redact(String(error)) };
}

/** What an act may do to the session it runs in (run.ts owns the socket, the fleet and the state). */
interface ActScope {
  readonly computer: Computer;
  readonly state: () => string;
  readonly disconnect: () => void;
  readonly shutdown: () => Promise<void>;
  /** The Server says the scene is over: a session whose Computer ended its own connection then ends. */
  readonly endScene: () => void;
  /** Connects to the Server again and joins the office again (after a disconnect act). */
  readonly connect: () => Promise<void>;
  /** Halts service activity: no MCP server reached, no call served, nothing told; the connection stays. */
  readonly stop: () => Promise<void>;
  /** Leaves the office (server:leave_office); the connection and calls in flight stay, each answering on its ack. */
  readonly leave: () => Promise<void>;
  /** Adds or updates one of the call's servers at runtime with `set` laid over its config (remount.ts). */
  readonly mount: (bundleId: string, set: Readonly<Record<string, unknown>>) => Promise<Remounted | undefined>;
  /** Restarts one running server: its raw config rendered again with the inputs' current values (secret-inputs.ts). */
  readonly restart: (bundleId: string) => Promise<Remounted | undefined>;
  /** Stops one running server, its config kept; false when it was not running. */
  readonly stopServer: (bundleId: string) => Promise<boolean>;
  /** Starts one configured server (an actual start from stopped; a running one is left as it is); false when none is configured. */
  readonly startServer: (bundleId: string) => Promise<boolean>;
  /** A declared input's new value (null: none); false for an input the call did not declare. */
  readonly setInput: (id: string, value: string | null) => boolean;
  /** The Agent-facing projection changed: tell the office (config, tools, the desktop if its windows changed, SKILLs if asked). */
  readonly changed: (skills: boolean) => Promise<void>;
}

/** One act on a running session (acts.ts). A second shutdown finds nothing left to release and says so by succeeding. */
async function actOn(act: ComputerActInput, scope: ActScope): Promise<ComputerActOutput> {
  const done = (api: string, extra: Partial<ComputerActOutput> = {}): ComputerActOutput => ({ done: true, raised: null, api, ...extra });
  const refused = (api: string, type: string, message: string): ComputerActOutput => ({ done: false, raised: { type, message }, api });
  const failed = (api: string, type: string, error: unknown) => refused(api, type, error instanceof Error ? error.message : String(error));
  switch (act.act) {
    case "state":
      return done("state", { state: scope.state() });
    case "end_scene":
      scope.endScene();
      return done("end_scene");
    case "await_created":
      // Only a held session answers it (acts.ts holdUntilStart); this one was started already.
      return refused("await_created", "LifecycleConflict", `the runtime is ${scope.state()}`);
    case "start":
      // Its one start already ran (the session's mount): a second one finds everything in place.
      if (scope.state() === "shutdown") return refused("start", "LifecycleConflict", "the runtime was shut down");
      return done("start");
    case "disconnect":
      scope.disconnect();
      return done("disconnect");
    case "shutdown":
      if (scope.state() !== "shutdown") await scope.shutdown();
      return done("shutdown");
    case "unmount": {
      const { computer } = scope;
      const server = computer.configured.find((s) => s.bundleId === act.bundle_id);
      if (!server || scope.state() === "shutdown") return refused("unmount", "NotMounted", `no server ${act.bundle_id} is mounted`);
      const mounted = computer.mounted.get(server.bundleId);
      computer.configured = computer.configured.filter((s) => s !== server);
      computer.mounted.delete(server.bundleId);
      refreshCatalog(computer);
      await mounted?.client.close().catch(() => undefined);
      await scope.changed(mounted !== undefined && mounted.client.getServerCapabilities()?.resources !== undefined);
      return done("unmount");
    }
    case "connect":
      if (scope.state() === "shutdown" || scope.state() === "joined_office")
        return refused("connect", "LifecycleConflict", `the runtime is ${scope.state()}`);
      try {
        await scope.connect();
      } catch (error) {
        return failed("connect", "ConnectFailed", error);
      }
      return done("connect");
    case "leave":
      if (scope.state() !== "joined_office") return refused("leave", "LifecycleConflict", `the runtime is ${scope.state()}`);
      try {
        await scope.leave();
      } catch (error) {
        return failed("leave", "LeaveFailed", error);
      }
      return done("leave");
    case "stop":
      if (scope.state() === "shutdown") return refused("stop", "LifecycleConflict", "the runtime was shut down");
      if (scope.state() !== "stopped") await scope.stop();
      return done("stop");
    case "mount": {
      if (scope.state() === "shutdown" || scope.state() === "stopped")
        return refused("mount", "LifecycleConflict", "the runtime was shut down");
      let remounted: Remounted | undefined;
      try {
        remounted = await scope.mount(act.bundle_id ?? "", act.set ?? {});
      } catch (error) {
        return failed("mount", "MountFailed", error);
      }
      if (!remounted) return refused("mount", "NotConfigured", `the call gave no server ${act.bundle_id}`);
      await scope.changed(remounted.resources);
      return done("mount");
    }
    case "restart": {
      if (scope.state() === "shutdown" || scope.state() === "stopped")
        return refused("restart", "LifecycleConflict", `the runtime is ${scope.state()}`);
      if (!scope.computer.mounted.has(act.bundle_id ?? ""))
        return refused("restart", "NotMounted", `no server ${act.bundle_id} is running`);
      let restarted: Remounted | undefined;
      try {
        restarted = await scope.restart(act.bundle_id ?? "");
      } catch (error) {
        const type = error instanceof InvalidInputError ? error.reason : "RestartFailed";
        return failed("restart", type, error);
      }
      if (!restarted) return refused("restart", "NotConfigured", `the call gave no server ${act.bundle_id}`);
      await scope.changed(restarted.resources);
      return done("restart");
    }
    case "stop_server":
    case "start_server": {
      if (scope.state() === "shutdown" || scope.state() === "stopped")
        return refused(act.act, "LifecycleConflict", `the runtime is ${scope.state()}`);
      const bundleId = act.bundle_id ?? "";
      try {
        const did = act.act === "stop_server" ? await scope.stopServer(bundleId) : await scope.startServer(bundleId);
        if (!did) return refused(act.act, "NotMounted", `no server ${bundleId} to ${act.act === "stop_server" ? "stop" : "start"}`);
      } catch (error) {
        const type = error instanceof InvalidInputError ? error.reason : "StartFailed";
        return failed(act.act, type, error);
      }
      await scope.changed(false);
      return done(act.act);
    }
    case "set_input":
      if (!scope.setInput(act.input_id ?? "", act.value ?? null))
        return refused("set_input", "NotDeclared", `no input ${act.input_id} is declared`);
      return done("set_input");
  }
}
