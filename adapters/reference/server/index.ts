/**
 * The reference's live A2C-SMCP Server, for the `wire.server` operation: namespace /smcp behind the
 * a2c_version HTTP gate, the room model, client:* routing and notify:* broadcasts, on the `socket.io`
 * package. Loaded on first use (operations.ts), so a run without live operations never loads it.
 */
export type { ServerProtocol } from "./revisions.ts";
export { runWireServer, stopAllWireServers } from "./run.ts";
export type { WireServerInput, WireServerOutput, WireServerStarted, WireServerStopped } from "./wire-call.ts";
