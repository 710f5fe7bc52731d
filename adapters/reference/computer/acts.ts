/**
 * `wire.computer_act` for the reference (harness/wire/README.md, "Lifecycle acts"): a running
 * `wire.computer` session, found by its office, does one lifecycle or management operation:
 * start again, disconnect its SMCP connection, shut down, unmount one MCP server, report its lifecycle state,
 * mount (add or update at runtime) one of its call's servers with changed config fields, stop its service activity,
 * restart one running server (its raw config rendered again), stop one server or start it again from stopped,
 * or change a declared input's value,
 * or leave its office (the connection kept).
 * Each session registers its own handler (run.ts); an office no session runs for is refused.
 */
import { InvalidInputError } from "../src/index.ts";

/** `end_scene` is the Server's own: the scene is over, for a session whose Computer ended its own connection. */
export type ComputerActName =
  | "start"
  | "disconnect"
  | "shutdown"
  | "unmount"
  | "state"
  | "mount"
  | "stop"
  | "connect"
  | "leave"
  | "restart"
  | "set_input"
  | "stop_server"
  | "start_server"
  | "end_scene";

export interface ComputerActInput {
  readonly office_id: string;
  readonly act: ComputerActName;
  readonly bundle_id?: string;
  /** mount: config fields laid over the call's config of that server. */
  readonly set?: Readonly<Record<string, unknown>>;
  /** set_input: the declared input and its new value (null: none). */
  readonly input_id?: string;
  readonly value?: string | null;
}

export interface ComputerActOutput {
  readonly done: boolean;
  readonly raised: { readonly type: string; readonly message: string } | null;
  readonly state?: string | null;
  /** The operation the Computer ran (evidence). */
  readonly api: string;
}

export type ActHandler = (input: ComputerActInput) => Promise<ComputerActOutput>;

const running = new Map<string, ActHandler>();

/** Makes a session's acts reachable by its office until the returned function is called. */
export function registerActs(officeId: string, handler: ActHandler): () => void {
  running.set(officeId, handler);
  return () => {
    if (running.get(officeId) === handler) running.delete(officeId);
  };
}

export async function runComputerAct(input: ComputerActInput): Promise<ComputerActOutput> {
  const handler = running.get(input.office_id);
  if (!handler) throw new InvalidInputError("unclassified", `no wire.computer call is running for office ${input.office_id}`);
  return handler(input);
}
