/**
 * Routes the client:* events the Server forwards to their handlers, and notify:tool_call_cancel to
 * the calls in flight. Before any handler runs, the request must be an object naming this Computer:
 * on a mismatch nothing is executed (computer.md §3) and the ack is a flat 404 ErrorPayload. No
 * handler fault escapes: it becomes a 500 ErrorPayload with any secret redacted.
 */
import type { Socket } from "socket.io-client";
import type { Computer, Request } from "./computer.ts";
import { protocolError } from "./error-payload.ts";
import { CLIENT_HANDLERS, type Handler } from "./handlers.ts";

const CANCEL_NOTIFICATION = "notify:tool_call_cancel";

export function serveClientEvents(socket: Socket, computer: Computer): void {
  for (const [event, handler] of Object.entries(CLIENT_HANDLERS)) {
    socket.on(event, (...args: unknown[]) => {
      const ack = args.find((a): a is (response: unknown) => void => typeof a === "function");
      void answer(computer, handler, args[0]).then((response) => ack?.(response));
    });
  }
  // Room-wide and unacknowledged: a req_id that is not in flight here is ignored (events.md §notify:tool_call_cancel).
  socket.on(CANCEL_NOTIFICATION, (payload: unknown) => computer.calls.cancel((payload as Request | null)?.["req_id"]));
}

async function answer(computer: Computer, handler: Handler, payload: unknown): Promise<unknown> {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return protocolError.badRequest("the request must be an object");
  const request = payload as Request;
  if (typeof request["computer"] !== "string") return protocolError.badRequest("computer must be a string");
  if (request["computer"] !== computer.name) return protocolError.notThisComputer(request["computer"]);
  try {
    return await handler(computer, request);
  } catch (error) {
    return protocolError.internal(computer.redact(error instanceof Error ? error.message : String(error)));
  }
}
