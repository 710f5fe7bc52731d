/**
 * `wire.server` for the reference: `start` opens a Server and answers at once, leaving it running
 * (the adapter keeps answering other calls); `stop`, or the time box, closes it. Several run at
 * once, each under its own id. The verdict is the harness's, from what its clients saw.
 */
import { InvalidInputError } from "../src/index.ts";
import { SERVER_REVISIONS, type ServerProtocol } from "./revisions.ts";
import { openSmcpServer } from "./smcp-server.ts";
import type { WireServerInput, WireServerOutput, WireServerStarted, WireServerStopped } from "./wire-call.ts";

/** A start without a time box gets the longest the op allows: a Server is never left running unbounded. */
const MAX_TIME_BOX_MS = 60_000;

/** Each Server's stop, memoised: the time box, a stop call and the adapter's shutdown may all ask. */
const servers = new Map<string, () => Promise<WireServerStopped>>();
let started = 0;

/** `protocol`: the revision whose Server a start opens (the stop finds the Server by its id, whatever its revision). */
export async function runWireServer(input: WireServerInput, protocol: ServerProtocol = "0.4.0"): Promise<WireServerOutput> {
  if (input.action === "start") return start(input.time_box_ms ?? MAX_TIME_BOX_MS, protocol, input.auth_hook === "refuse");
  const stop = input.server_id === undefined ? undefined : servers.get(input.server_id);
  if (!stop)
    throw new InvalidInputError("input.malformed_config", `no Server was started under server_id ${JSON.stringify(input.server_id)}`);
  return stop();
}

/** Stops every Server still running: the subprocess adapter does this before it exits. */
export async function stopAllWireServers(): Promise<void> {
  await Promise.all([...servers.values()].map((stop) => stop()));
}

async function start(timeBoxMs: number, protocol: ServerProtocol, refuseAuth: boolean): Promise<WireServerStarted> {
  const startedAt = performance.now();
  const revision = SERVER_REVISIONS[protocol];
  const server = await openSmcpServer(revision, { refuseAuth });
  const id = `s${++started}`;
  let stopping: Promise<WireServerStopped> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(timeBox);
      await server.close();
      const stopped = { stopped: true, elapsed_ms: Math.round((performance.now() - startedAt) * 10) / 10 } as const;
      servers.set(id, async () => stopped); // the answer stays; the closed Server is let go
      return stopped;
    })();
    return stopping;
  };
  const timeBox = setTimeout(() => void stop(), timeBoxMs);
  timeBox.unref();
  servers.set(id, stop);
  return { url: server.url, server_id: id, a2c_version: revision.a2cVersion };
}
