/**
 * The `wire.computer` call and its answer (vectors/_schema/ops/wire.computer.json,
 * harness/wire/README.md §The adapter's side). Only the shapes; run.ts does the work.
 */
import type { JsonObject } from "../src/index.ts";

/** One MCP server the Computer mounts, as the call gives it (keys the vector did not set are absent). */
export interface WireServer {
  readonly name: string;
  readonly type: "streamable_http";
  readonly url: string;
  readonly bundle_id?: string;
  readonly disabled?: boolean;
  readonly forbidden_tools?: readonly string[];
  readonly tool_meta?: Readonly<Record<string, JsonObject>>;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface WireComputerInput {
  readonly url: string;
  readonly office_id: string;
  readonly computer_name: string;
  readonly servers: readonly WireServer[];
  readonly time_box_ms: number;
  /** The folder client:put_blob uploads land in (absent: none, uploads fail closed). */
  readonly landing_root?: string;
}

export type Stage = "start" | "connect" | "join" | "serve";

export interface WireComputerOutput {
  readonly joined: boolean;
  readonly ended: "server_disconnect" | "time_box" | "error";
  readonly stage: Stage | null;
  readonly elapsed_ms: number;
  readonly raised: { readonly type: string; readonly message: string } | null;
}
