/**
 * `wire.computer` for the reference: start the Computer (its MCP clients), connect it, join the
 * office, serve until the Server disconnects it or the time box ends, shut down (bounded) and say
 * how it went. The verdict is the harness's, from the packets it recorded; this answer is evidence.
 */
import type { Socket } from "socket.io-client";
import { computerOf, refreshCatalog } from "./computer.ts";
import { windowSetOf } from "./desktop-view.ts";
import { serveClientEvents } from "./dispatch.ts";
import { McpFleet } from "./mcp-fleet.ts";
import { redactorFor } from "./secrets.ts";
import { configureServers } from "./server-config.ts";
import { skillSetOf } from "./skill-store.ts";
import { computerSocket, connected, disconnected, joinOffice, SessionError } from "./smcp-socket.ts";
import type { Stage, WireComputerInput, WireComputerOutput } from "./wire-call.ts";

/** Closing waits no longer than this, so the answer is out well within time_box_ms + 5 s. */
const CLOSE_BOUND_MS = 3_000;

type Outcome =
  | { readonly ended: "server_disconnect" }
  | { readonly ended: "time_box" }
  | { readonly ended: "error"; readonly error: unknown };

export async function runWireComputer(input: WireComputerInput): Promise<WireComputerOutput> {
  const started = performance.now();
  const redact = redactorFor(input.servers);
  const fleet = new McpFleet();
  let socket: Socket | undefined;
  let stage: Stage = "start";
  let joined = false;
  let stopCalls = () => {};
  /** Removes what the Computer staged on disk (uploads in flight, materialised SKILLs). */
  let cleanUp = async () => {};
  /** Set once the answer is being made: a session still starting then must not go on to connect. */
  let over = false;

  const session = async (): Promise<Outcome> => {
    const configured = configureServers(input.servers);
    const mounted = await fleet.mount(configured, input.time_box_ms - (performance.now() - started));
    if (over) return { ended: "time_box" };
    const computer = computerOf(input.computer_name, configured, mounted, redact, input.landing_root, input.skill_max_bytes);
    stopCalls = () => computer.calls.abortAll();
    cleanUp = async () => {
      await Promise.all([computer.uploads.discardAll(), computer.skills.close()]);
    };
    // A server's tool list changed: re-aggregate, and once in the office ask the Server to tell it
    // (computer.md §9); before joining the change is only recorded (§2.2).
    // A server's resource list changed: only a change of the window:// set is a desktop change, told
    // with server:update_desktop once in the office (events.md server:update_desktop).
    // A change of the skill:// set is a SKILL change: staged again on the next request, told with
    // server:update_skills once in the office (skill.md §8.1).
    let windows = await windowSetOf(mounted);
    let skills = await skillSetOf(mounted);
    fleet.onResourcesChanged = async () => {
      const servers = [...computer.mounted.values()];
      const [nowWindows, nowSkills] = await Promise.all([windowSetOf(servers), skillSetOf(servers)]);
      if (nowSkills !== skills) {
        skills = nowSkills;
        computer.skills.forget();
        if (joined) socket?.emit("server:update_skills", { computer: input.computer_name });
      }
      if (nowWindows === windows) return;
      windows = nowWindows;
      if (joined) socket?.emit("server:update_desktop", { computer: input.computer_name });
    };
    // A skill:// resource's content changed: staged again on the next request, and told (skill.md §8.2).
    fleet.onResourceUpdated = (_mounted, uri) => {
      if (!uri.startsWith("skill://")) return;
      computer.skills.forget();
      if (joined) socket?.emit("server:update_skills", { computer: input.computer_name });
    };
    fleet.onToolsChanged = () => {
      refreshCatalog(computer);
      if (joined) socket?.emit("server:update_tool_list", { computer: input.computer_name });
    };

    stage = "connect";
    socket = computerSocket(input.url);
    serveClientEvents(socket, computer);
    const ended = disconnected(socket);
    await connected(socket);

    stage = "join";
    const lost = ended.then((reason) => Promise.reject(new SessionError("Disconnected", `disconnected while joining: ${reason}`)));
    await Promise.race([joinOffice(socket, input.computer_name, input.office_id), lost]);
    joined = true;

    stage = "serve";
    // Any end the Computer did not cause is the Server ending the session: its DISCONNECT ("io server
    // disconnect") or the connection closing under it; the Computer never reconnects.
    await ended;
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
  };
}

function raisedOf(error: unknown, redact: (text: string) => string): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name, message: redact(error.message) };
  return { type: typeof error, message: redact(String(error)) };
}
