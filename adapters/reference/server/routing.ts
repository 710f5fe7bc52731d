/**
 * client:* routing (events.md §事件分类规则, architecture.md §Client 事件路由): an Agent's request goes,
 * unchanged, to the Computer it names in the Agent's own office, and the Computer's ack comes back
 * unchanged, a flat ErrorPayload included (events.md §client:get_tools, ack 语义). Any event with
 * the prefix is routed: the Server reads only `computer`.
 */
import type { Namespace, Socket } from "socket.io";
import { serverError } from "./error-payload.ts";
import type { Offices } from "./offices.ts";
import { clientTarget } from "./requests.ts";
import type { RoomModel } from "./room-model.ts";

export const CLIENT_PREFIX = "client:";

/** The Server's buffer over a tool call's own timeout (error-handling.md §Server 端超时: "如 5 秒"). */
const TOOL_CALL_BUFFER_MS = 5_000;
/** Other requests, and a tool call without a usable timeout: longer than the Agent's recommended ≥ 30 s wait (§飞行中断连). */
const DEFAULT_RELAY_MS = 60_000;

/** The arguments to acknowledge `event` from `senderSid` with: the Computer's ack, or the Server's refusal. */
export async function route(
  nsp: Namespace,
  offices: Offices,
  rooms: RoomModel,
  senderSid: string,
  event: string,
  payload: unknown,
): Promise<unknown[]> {
  const sender = offices.memberOf(senderSid);
  if (!sender) return [serverError.notInRoom()];
  if (sender.role !== "agent") return [serverError.wrongRole(event, sender.role)];
  const target = clientTarget(payload);
  if (!target.ok) return [serverError.badRequest(target.message)];
  const computer = offices.computer(sender.officeId, target.value);
  const socket = computer && nsp.sockets.get(computer.sid);
  if (!socket) {
    // Only the sender's own office is searched; how a name held elsewhere is answered is the revision's.
    return offices.computerElsewhere(sender.officeId, target.value)
      ? [rooms.heldElsewhere(target.value)]
      : [serverError.computerNotFound(target.value)];
  }
  return relay(socket, event, payload, relayTimeoutMs(event, payload), target.value);
}

/** Forwards and waits for the ack; a Computer that disconnects first, or never answers, gets the Agent an error. */
function relay(socket: Socket, event: string, payload: unknown, timeoutMs: number, name: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const gone = () => resolve([serverError.computerNotFound(name)]);
    socket.once("disconnect", gone);
    socket.timeout(timeoutMs).emit(event, payload, (error: Error | null, ...args: unknown[]) => {
      socket.off("disconnect", gone);
      resolve(error ? [serverError.timeout(name, timeoutMs)] : args);
    });
  });
}

function relayTimeoutMs(event: string, payload: unknown): number {
  const seconds = (payload as { timeout?: unknown }).timeout;
  if (event === "client:tool_call" && typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0)
    return Math.min(seconds * 1000 + TOOL_CALL_BUFFER_MS, 2 ** 31 - 1);
  return DEFAULT_RELAY_MS;
}
