/**
 * The `wire.server` call and its answers (vectors/_schema/ops/wire.server.json, harness/wire/README.md
 * §The adapter's side: `wire.server`). Only the shapes; run.ts does the work.
 */

export type WireServerInput =
  | { readonly action: "start"; readonly time_box_ms?: number; readonly auth_hook?: "refuse" }
  | { readonly action: "stop"; readonly server_id?: string };

export interface WireServerStarted {
  readonly url: string;
  readonly server_id: string;
  readonly a2c_version: string;
}

export interface WireServerStopped {
  readonly stopped: true;
  /** From the start call to the moment the Server was closed. */
  readonly elapsed_ms: number;
}

export type WireServerOutput = WireServerStarted | WireServerStopped;
