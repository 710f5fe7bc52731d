// A socket.io-client party of /smcp for the reference Server's tests, connected as the kit's
// clients connect: a2c_version in the query, polling first, no role in auth.
import { io, type Socket } from "socket.io-client";

export interface Client {
  readonly socket: Socket;
  /** Every event the Server sent it, in order, with its first argument. */
  readonly received: { event: string; data: unknown }[];
  /** Emits and resolves with the ack's arguments (["no ack"] when none came within 2 s). */
  ask(event: string, payload?: unknown): Promise<unknown[]>;
}

/** Connects to `url`'s /smcp namespace; the socket goes into `open`, which the test file disconnects after each test. */
export async function connectSmcp(url: string, open: Socket[]): Promise<Client> {
  const socket = io(`${url}/smcp`, {
    query: { a2c_version: "0.4.0" },
    transports: ["polling", "websocket"],
    reconnection: false,
    forceNew: true,
    auth: {},
  });
  open.push(socket);
  const received: Client["received"] = [];
  socket.onAny((event: string, data: unknown) => received.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  const ask = (event: string, payload?: unknown) =>
    new Promise<unknown[]>((resolve) =>
      socket.timeout(2_000).emit(event, payload, (error: Error | null, ...args: unknown[]) => resolve(error ? ["no ack"] : args)),
    );
  return { socket, received, ask };
}

export const joinOffice = (client: Client, role: string, name: string, officeId: string) =>
  client.ask("server:join_office", { role, name, office_id: officeId });
