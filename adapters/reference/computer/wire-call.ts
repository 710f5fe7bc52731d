/**
 * The `wire.computer` call and its answer (vectors/_schema/ops/wire.computer.json,
 * harness/wire/README.md §The adapter's side). Only the shapes; run.ts does the work.
 */
import type { JsonObject } from "../src/index.ts";

interface WireServerBase {
  readonly name: string;
  readonly bundle_id?: string;
  readonly disabled?: boolean;
  readonly forbidden_tools?: readonly string[];
  readonly tool_meta?: Readonly<Record<string, JsonObject>>;
  /** Not part of the construction set: only a mount act adds it, at runtime. */
  readonly mount_later?: true;
}

/** One MCP server the Computer mounts, as the call gives it (keys the vector did not set are absent). */
export type WireServer = WireHttpServer | WireStdioServer;

export interface WireHttpServer extends WireServerBase {
  readonly type: "streamable_http";
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A server the Computer starts itself: the harness's command (the kit's stdio bridge), never a vector's. */
export interface WireStdioServer extends WireServerBase {
  readonly type: "stdio";
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** The server process's working directory (absent: this process's). */
  readonly cwd?: string;
}

export interface WireComputerInput {
  readonly url: string;
  readonly office_id: string;
  readonly computer_name: string;
  readonly servers: readonly WireServer[];
  readonly time_box_ms: number;
  /** The folder client:put_blob uploads land in (absent: none, uploads fail closed). */
  readonly landing_root?: string;
  /** The absolute size limit for one SKILL resource (absent: TOO_LARGE). */
  readonly skill_max_bytes?: number;
  /** The deployment's bounds on upload sessions (absent: the Computer's own). */
  readonly upload_limits?: { readonly max_sessions?: number; readonly idle_timeout_s?: number };
  /** Business auth fields its caller gives the connect (absent: an empty auth object). */
  readonly connect_auth?: Readonly<Record<string, string>>;
  /** Declared secret inputs a server config names as `${input:<id>}` (absent: none). */
  readonly inputs?: ReadonlyArray<{ readonly id: string; readonly type: "promptString"; readonly password: true }>;
  /** Their values, by id. */
  readonly input_values?: Readonly<Record<string, string>>;
  /** Hold the created Computer until the start act (absent: start at once). */
  readonly start_on_act?: true;
  /** Answer `input_resolutions`: the input resolver's calls over the case, by declared input id. */
  readonly count_input_resolutions?: true;
}

export type Stage = "start" | "connect" | "join" | "serve";

export interface WireComputerOutput {
  readonly joined: boolean;
  readonly ended: "server_disconnect" | "time_box" | "error";
  readonly stage: Stage | null;
  readonly elapsed_ms: number;
  readonly raised: { readonly type: string; readonly message: string } | null;
  /** With count_input_resolutions: the input resolver's calls over the case, by declared input id. */
  readonly input_resolutions?: Readonly<Record<string, number>>;
}
